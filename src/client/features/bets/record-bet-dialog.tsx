import { FIGURES } from '../../../shared/figures.ts';
import { useCallback, useEffect, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../components/ui/toast.ts';
import { DELETE_WINDOW_MINUTES, EVENT_TOO_SOON_MESSAGE, SPORTS, previewPotentialWin } from '../../../shared/bets.ts';
import { createRecordBetSchema } from '../../../shared/bet-schemas.ts';
import { createRecordAnyParlaySchema } from '../../../shared/parlay-schemas.ts';
import { recordListedBetSchema } from '../../../shared/event-schemas.ts';
import { ApiError, KEPT_AFTER_REFUSAL, isTooManyRequests } from '../../lib/api.ts';
import { clearDraft, readDraft, saveDraft } from '../../lib/form-draft.ts';
import { useAuth } from '../auth/index.ts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, MoneyInput } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { RECORD_BET_DRAFT, RecordBetTriggerButton } from './record-bet-trigger.tsx';
import { showEventTooSoon } from './event-too-soon-toast.ts';
import { isUnauthenticated, useRecordBet } from './api/bets.ts';
import { sportLabel } from './sports.ts';
import { PayoutFigure, PayoutLabel } from './payout.tsx';
import { EMPTY_LEG, ParlayFields } from './parlay-fields.tsx';
import type { ListedPickValues, RecordBetFormValues, RecordInput } from './record-bet-values.ts';
import { BetTypeSwitch } from './parlay-parts.tsx';
import { RecordCheckNotes, useRecordChecks } from '../wellbeing/index.ts';
import { localDateTimeToIso } from '../../lib/local-date-time.ts';
import { EventSearch, PickFields, PickedEvent, useClearStalePick } from './listed-event-fields.tsx';

const EMPTY: RecordBetFormValues = {
  mode: 'single',
  description: '',
  amount: '',
  odds: '',
  sport: '',
  eventDate: '',
  legs: [EMPTY_LEG, EMPTY_LEG],
  event: null,
  market: '',
  selection: '',
  line: '',
};
/** The form's fields a refusal can name; `eventId` is shown at the event picker (the `event` value). */
const FIELDS = Object.keys(EMPTY) as (keyof RecordBetFormValues)[];

/** A line as typed: a number, NaN when it is not one (the schema says so), undefined when blank. */
const typedLine = (line: string): number | undefined => (line.trim() === '' ? undefined : Number(line.trim()));

/** A pick on a listed event as the request names it (a single bet's, or a parlay leg's). */
const listedPick = (pick: ListedPickValues & { event: NonNullable<ListedPickValues['event']> }) => ({
  eventId: pick.event.id,
  market: pick.market === '' ? undefined : pick.market,
  selection: pick.selection === '' ? undefined : pick.selection,
  line: typedLine(pick.line),
});

/** The request body the inputs describe (validated by the shared schema, never re-implemented here). */
const toRequestBody = (values: RecordBetFormValues) =>
  values.mode === 'parlay'
    ? {
        amount: values.amount,
        legs: values.legs.map((leg) =>
          leg.event
            ? { ...listedPick({ ...leg, event: leg.event }), odds: leg.odds }
            : {
                description: leg.description,
                sport: leg.sport === '' ? undefined : leg.sport,
                odds: leg.odds,
                eventDate: localDateTimeToIso(leg.eventDate),
              },
        ),
      }
    : values.event
      ? { ...listedPick({ ...values, event: values.event }), odds: values.odds, amount: values.amount }
      : {
          description: values.description,
          amount: values.amount,
          odds: values.odds,
          sport: values.sport === '' ? undefined : values.sport,
          eventDate: localDateTimeToIso(values.eventDate),
        };

/** The shared schemas, with the browser's clock for the 6-hour rule: a fast answer before the server's. */
const singleResolver = zodResolver(createRecordBetSchema(() => new Date()));
const parlayResolver = zodResolver(createRecordAnyParlaySchema(() => new Date()));
const listedResolver = zodResolver(recordListedBetSchema);

const resolver: Resolver<RecordBetFormValues, unknown, RecordInput> = async (values, context, options) =>
  (await (values.mode === 'parlay' ? parlayResolver : values.event ? listedResolver : singleResolver)(
    toRequestBody(values) as never,
    context,
    options as never,
  )) as Awaited<ReturnType<Resolver<RecordBetFormValues, unknown, RecordInput>>>;

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 'Record New Bet': a dialog with the record-bet form. The form lives as long as the dashboard,
 * so closing the dialog keeps what was typed; it clears only when a bet is recorded. Loaded on
 * demand by RecordBetButton, which mounts it open.
 */
export function RecordBetDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const recordBet = useRecordBet();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  // What was typed before the session ended, back after signing in again (lib/form-draft.ts).
  const [draft] = useState(() => readDraft<RecordBetFormValues>(userId, RECORD_BET_DRAFT));
  const form = useForm<RecordBetFormValues, unknown, RecordInput>({
    resolver,
    defaultValues: { ...EMPTY, ...draft },
  });
  useEffect(() => clearDraft(userId, RECORD_BET_DRAFT), [userId]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [amount, odds, mode, event, market, selection, line] = useWatch({
    control,
    name: ['amount', 'odds', 'mode', 'event', 'market', 'selection', 'line'],
  });
  useClearStalePick(
    { market, selection, line },
    useCallback((field) => form.setValue(field, ''), [form]),
  );
  const potentialWin = previewPotentialWin(amount, odds);
  // The budget and the loss-chasing question, said before recording (never a refusal).
  const checks = useRecordChecks(userId, amount);

  const onValid = async (input: RecordInput) => {
    if (await checks.askFirst(input)) return;
    try {
      await recordBet.mutateAsync(input);
    } catch (error) {
      // The query client says the session ended and sends the person to sign in; the form comes back filled.
      if (isUnauthenticated(error)) {
        saveDraft(userId, RECORD_BET_DRAFT, form.getValues());
        return;
      }
      if (isTooManyRequests(error) || checks.isCoolOff(error)) {
        // Shown in the form, which stays open and filled in, until the next try.
        setError('root.refused', { message: `${error.message} ${KEPT_AFTER_REFUSAL}` });
        return;
      }
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const [field, message] of Object.entries(fields ?? {})) {
        // A leg's field is named as the form names it: legs.1.odds (its event: legs.1.event).
        if (field === 'eventId') setError('event', { message });
        else if (/^legs\.\d+\.eventId$/.test(field))
          setError(field.replace(/eventId$/, 'event') as keyof RecordBetFormValues, { message });
        else if ((FIELDS as string[]).includes(field) || /^legs\.\d+\.\w+$/.test(field)) {
          setError(field as keyof RecordBetFormValues, { message });
        }
      }
      // The 6-hour rule, at a typed start or at a listed event's (eventId, legs.N.eventId): toasted too.
      if (Object.values(fields ?? {}).includes(EVENT_TOO_SOON_MESSAGE)) {
        showEventTooSoon();
        return;
      }
      toast.error('Failed to record bet', {
        description: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    toast.success('Bet Recorded', { description: 'Your bet has been recorded successfully!' });
    checks.recorded();
    reset(EMPTY);
    setOpen(false);
  };

  const onInvalid = (invalid: FieldErrors<RecordBetFormValues>) => {
    const legs = Array.isArray(invalid.legs) ? (invalid.legs as FieldErrors<RecordBetFormValues>['legs'][]) : [];
    if (
      invalid.eventDate?.message === EVENT_TOO_SOON_MESSAGE ||
      legs.some(
        (leg) =>
          (leg as { eventDate?: { message?: string } } | undefined)?.eventDate?.message === EVENT_TOO_SOON_MESSAGE,
      )
    )
      showEventTooSoon();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<RecordBetTriggerButton />}
      title="Record New Bet"
      description={`Record a bet before its event: the event must start at least 6 hours from now. In the ${DELETE_WINDOW_MINUTES} minutes after recording it, and before its event starts, you can delete the bet to correct a mistake; after that, it is part of your record. A bet on a listed event is graded from its result; one on an event the catalog does not list is self-reported, and you settle it.`}
      onSubmit={handleSubmit(onValid, onInvalid)}
      problem={errors.root?.refused?.message}
      pending={isSubmitting}
      submitLabel={checks.question ? 'Yes, record this bet' : mode === 'parlay' ? 'Record Parlay' : 'Record Bet'}
    >
      <BetTypeSwitch mode={mode} onChange={(value) => form.setValue('mode', value)} />
      {mode === 'parlay' ? (
        <>
          <StakeField
            error={errors.amount?.message}
            description="One stake for the whole parlay."
            input={register('amount')}
          />
          <ParlayFields form={form} timeZone={timeZone} />
        </>
      ) : event ? (
        <>
          <PickedEvent event={event} onClear={() => form.setValue('event', null)} />
          <PickFields
            event={event}
            market={market}
            selection={selection}
            line={line}
            inputs={{ market: register('market'), selection: register('selection'), line: register('line') }}
            errors={{
              market: errors.market?.message,
              selection: errors.selection?.message,
              line: errors.line?.message,
            }}
          />
          <StakeAndOdds errors={errors} register={register} />
          <PotentialWin value={potentialWin} />
        </>
      ) : (
        <>
          <EventSearch
            onPick={(picked) => form.setValue('event', picked)}
            error={(errors.event as { message?: string } | undefined)?.message}
          />
          <p className="border-t pt-3 text-sm font-medium">Not listed? Describe it (self-reported)</p>
          <FormField label="Description" error={errors.description?.message}>
            {(field) => (
              <Input
                {...field}
                autoComplete="off"
                placeholder="e.g. Lakers to beat the Celtics"
                maxLength={500}
                {...register('description')}
              />
            )}
          </FormField>
          <StakeAndOdds errors={errors} register={register} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Sport" error={errors.sport?.message}>
              {({ id, ...aria }) => (
                <Controller
                  control={control}
                  name="sport"
                  render={({ field: { value, onChange, onBlur, ref, name } }) => (
                    <Select value={value} onValueChange={onChange} name={name}>
                      <SelectTrigger id={id} ref={ref} onBlur={onBlur} {...aria}>
                        <SelectValue placeholder="Choose a sport" />
                      </SelectTrigger>
                      <SelectContent>
                        {SPORTS.map((sport) => (
                          <SelectItem key={sport} value={sport}>
                            {sportLabel(sport)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              label="Event date & time"
              error={errors.eventDate?.message}
              description={`Your time zone (${timeZone}).`}
            >
              {(field) => <Input {...field} type="datetime-local" {...register('eventDate')} />}
            </FormField>
          </div>
          <PotentialWin value={potentialWin} />
        </>
      )}
      <RecordCheckNotes checks={checks} onTakeABreak={() => setOpen(false)} />
    </FormDialog>
  );
}

/** The stake in dollars: a single bet's, or the one stake of a whole parlay. */
function StakeField({
  error,
  description,
  input,
}: {
  error?: string;
  description?: string;
  input: UseFormRegisterReturn;
}) {
  return (
    <FormField label="Stake ($)" error={error} description={description}>
      {(field) => <MoneyInput {...field} placeholder="10.00" {...input} />}
    </FormField>
  );
}

/** The stake and the odds, side by side: a free-text bet's and a listed event's alike. */
function StakeAndOdds({
  errors,
  register,
}: {
  errors: FieldErrors<RecordBetFormValues>;
  register: UseFormRegister<RecordBetFormValues>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StakeField error={errors.amount?.message} input={register('amount')} />
      <FormField label="Odds" error={errors.odds?.message}>
        {(field) => <Input {...field} autoComplete="off" placeholder="+150, -110, 2.50 or 5/2" {...register('odds')} />}
      </FormField>
    </div>
  );
}

/** The potential win as the stake and odds are typed. */
function PotentialWin({ value }: { value: string | null }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3">
      <div>
        <PayoutLabel />
        <p className="text-xs text-emerald-900">{FIGURES.payout.explanation}</p>
      </div>
      <PayoutFigure value={value} />
    </div>
  );
}

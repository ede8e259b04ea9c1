/**
 * The record-bet dialog's Parlay mode: the legs, added and removed with named buttons, each on a
 * listed event (searched as the bettor types, then its market, selection and line, graded from
 * the result) or described (description, sport and start, self-reported), with its own odds; and
 * the combined odds and potential win as they are typed (src/shared/parlays.ts, the maths the
 * server records with).
 */
import { useCallback } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { SPORTS } from '../../../shared/bets.ts';
import { PARLAY_MAX_LEGS, previewParlay } from '../../../shared/parlays.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { EventSearch, PickFields, PickedEvent, useClearStalePick } from './listed-event-fields.tsx';
import { LegFieldsHeader } from './parlay-parts.tsx';
import { ParlayPreview } from './parlay-preview.tsx';
import { sportLabel } from './sports.ts';
import type { LegFormValues, RecordBetFormValues, RecordInput } from './record-bet-values.ts';

export const EMPTY_LEG: LegFormValues = {
  description: '',
  sport: '',
  odds: '',
  eventDate: '',
  event: null,
  market: '',
  selection: '',
  line: '',
};

type RecordBetForm = UseFormReturn<RecordBetFormValues, unknown, RecordInput>;

interface ParlayFieldsProps {
  form: RecordBetForm;
  timeZone: string;
}

export function ParlayFields({ form, timeZone }: ParlayFieldsProps) {
  const { control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'legs' });
  const [amount, legs] = useWatch({ control, name: ['amount', 'legs'] });
  const preview = previewParlay(
    amount,
    legs.map((leg) => leg.odds),
  );
  const legsError = formState.errors.legs?.root?.message ?? formState.errors.legs?.message;

  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Legs">
        {fields.map((field, index) => (
          <li key={field.id} className="flex flex-col gap-3 rounded-md border p-3">
            <LegFieldsHeader n={index + 1} legCount={fields.length} onRemove={() => remove(index)} />
            <LegFields form={form} index={index} leg={legs[index] ?? EMPTY_LEG} timeZone={timeZone} />
          </li>
        ))}
      </ol>
      {legsError && <p className="text-sm font-medium text-destructive">{legsError}</p>}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={fields.length >= PARLAY_MAX_LEGS}
        onClick={() => append(EMPTY_LEG)}
      >
        <Plus aria-hidden="true" />
        Add leg
      </Button>
      <ParlayPreview preview={preview} />
    </>
  );
}

/** One leg: its listed event and pick, or its description, sport and start; and its odds. */
function LegFields({
  form,
  index,
  leg,
  timeZone,
}: {
  form: RecordBetForm;
  index: number;
  leg: LegFormValues;
  timeZone: string;
}) {
  const { register, setValue } = form;
  const n = index + 1;
  const errors = form.formState.errors.legs?.[index];
  useClearStalePick(
    leg,
    useCallback((field) => setValue(`legs.${index}.${field}`, ''), [setValue, index]),
  );
  const odds = (
    <FormField label={`Leg ${n} odds`} error={errors?.odds?.message}>
      {(aria) => (
        <Input {...aria} autoComplete="off" placeholder="+150, 2.50, 5/2" {...register(`legs.${index}.odds`)} />
      )}
    </FormField>
  );

  if (leg.event) {
    return (
      <>
        <PickedEvent event={leg.event} name={`Leg ${n} event`} onClear={() => setValue(`legs.${index}.event`, null)} />
        <PickFields
          event={leg.event}
          market={leg.market}
          selection={leg.selection}
          line={leg.line}
          inputs={{
            market: register(`legs.${index}.market`),
            selection: register(`legs.${index}.selection`),
            line: register(`legs.${index}.line`),
          }}
          errors={{
            market: errors?.market?.message,
            selection: errors?.selection?.message,
            line: errors?.line?.message,
          }}
          labelOf={(field) => `Leg ${n} ${field.toLowerCase()}`}
        />
        {odds}
      </>
    );
  }
  return (
    <>
      <EventSearch
        label={`Leg ${n}: find a listed event`}
        upcomingUntilTyped={false}
        onPick={(picked) => setValue(`legs.${index}.event`, picked)}
        error={(errors?.event as { message?: string } | undefined)?.message}
      />
      <p className="text-sm font-medium">Not listed? Describe it (self-reported)</p>
      <FormField label={`Leg ${n} description`} error={errors?.description?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. Chiefs to win"
            maxLength={500}
            {...register(`legs.${index}.description`)}
          />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={`Leg ${n} sport`} error={errors?.sport?.message} {...register(`legs.${index}.sport`)}>
          <option value="">Choose a sport</option>
          <Options values={SPORTS} label={sportLabel} />
        </SelectField>
        {odds}
        <FormField
          className="sm:col-span-2"
          label={`Leg ${n} event date & time`}
          error={errors?.eventDate?.message}
          description={index === 0 ? `Your time zone (${timeZone}).` : undefined}
        >
          {(aria) => <Input {...aria} type="datetime-local" {...register(`legs.${index}.eventDate`)} />}
        </FormField>
      </div>
    </>
  );
}

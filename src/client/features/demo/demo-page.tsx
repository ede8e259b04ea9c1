import { FIGURES } from '../../../shared/figures.ts';
import { useEffect, useId, useMemo, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import { ArrowLeft, FlaskConical, Plus, Trash2 } from 'lucide-react';
import {
  DELETE_WINDOW_MINUTES,
  EVENT_TOO_SOON_MESSAGE,
  MIN_EVENT_LEAD_MS,
  OVERDUE_AFTER_HOURS,
  OVERDUE_AFTER_MS,
  SPORTS,
  previewPotentialWin,
  type SettledStatus,
} from '../../../shared/bets.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { PARLAY_MAX_LEGS, previewParlay } from '../../../shared/parlays.ts';
import { signUpPath } from '../../../shared/routes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, MoneyInput } from '../../components/ui/input.tsx';
import { NativeSelect, Options } from '../../components/ui/native-select.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { Odds } from '../../components/ui/odds.tsx';
import { useNow } from '../../lib/use-now.ts';
import {
  BetStatsCards,
  BetDetail,
  BetKindBadge,
  BetStatusBadge,
  BetTypeSwitch,
  GradedNote,
  LegFieldsHeader,
  LegSettleControls,
  LegSummary,
  OverdueBadge,
  OverdueNotice,
  ParlayPreview,
  PartOfRecordNote,
  ProfitLoss,
  SettleAfterHint,
  SettleButtons,
  SettleConfirmDialog,
  showEventTooSoon,
  sportLabel,
  useBetTiming,
} from '../bets/index.ts';
import {
  EMPTY_DEMO_FORM,
  EMPTY_DEMO_LEG,
  deleteDemoBet,
  demoTiming,
  demoStats,
  recordDemoBet,
  recordDemoParlay,
  sampleDemoBets,
  settleDemoBet,
  settleDemoLeg,
  type DemoBet,
  type DemoFieldErrors,
  type DemoParlayField,
  type DemoBetForm,
  type DemoLeg,
  type DemoLegForm,
} from './demo-bets.ts';
import { toLocalDateTimeValue } from '../../lib/local-date-time.ts';

export interface DemoPageProps {
  /** Null until the demo is first changed: until then it shows the sample bets. */
  bets: readonly DemoBet[] | null;
  onBetsChange: Dispatch<SetStateAction<DemoBet[] | null>>;
  onExit: () => void;
}

/** The in-memory demo dashboard: no account, no server, gone when the visitor leaves. */
export default function DemoPage({ bets, onBetsChange, onExit }: DemoPageProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);

  const [samples] = useState(() => sampleDemoBets(new Date()));
  const list = bets ?? samples;
  // The overdue count changes when a pending bet (a parlay: any of its legs) turns 72 hours past
  // its start: render then.
  const overdueAt = useMemo(
    () =>
      list
        .filter((b) => b.status === 'pending')
        .flatMap((b) => (b.legs ?? [b]).map((timed) => Date.parse(timed.eventDate) + OVERDUE_AFTER_MS)),
    [list],
  );
  const now = useNow(overdueAt);
  const stats = demoStats(list, now);

  const settle = (bet: DemoBet, status: SettledStatus) => {
    const result = settleDemoBet(list, bet.id, status, new Date());
    if (!result.ok) {
      toast.error('Failed to update bet status', { description: result.reason });
      return;
    }
    onBetsChange(result.bets);
    toast.success(`Bet marked as ${status}`, { description: 'Your bet has been updated successfully.' });
  };
  const settleLeg = (bet: DemoBet, leg: DemoLeg, status: SettledStatus) => {
    const result = settleDemoLeg(list, bet.id, leg.position, status, new Date());
    if (!result.ok) {
      toast.error('Failed to update leg', { description: result.reason });
      return;
    }
    onBetsChange(result.bets);
    toast.success(`Leg ${leg.position} marked as ${status}`, { description: 'Your parlay has been updated.' });
  };
  const remove = (bet: DemoBet) => {
    const result = deleteDemoBet(list, bet.id, new Date());
    if (!result.ok) {
      toast.error('Failed to delete bet', { description: result.reason });
      return;
    }
    const index = list.findIndex((b) => b.id === bet.id);
    onBetsChange(result.bets);
    toast.success('Bet deleted', {
      description: 'Your bet has been deleted successfully.',
      action: {
        label: 'Undo',
        onClick: () =>
          onBetsChange((all) => {
            const current = all ?? samples;
            return current.some((b) => b.id === bet.id)
              ? current
              : [...current.slice(0, index), bet, ...current.slice(index)];
          }),
      },
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4">
        <Button variant="ghost" className="-ml-3 w-fit" onClick={onExit}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Button>
        <div className="flex flex-col gap-2">
          <Badge variant="warning">
            <FlaskConical aria-hidden="true" />
            Demo mode
          </Badge>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none sm:text-4xl">
            Demo Dashboard
          </h1>
          <p className="max-w-2xl text-muted-foreground">
            Try betproof without an account. A few sample bets are here to start with; bets you record live only in this
            browser tab: nothing is sent to our servers, and they disappear when you leave the page.
          </p>
          <p className="max-w-2xl text-muted-foreground">
            The rules are the real record's: a bet is settled won, lost or void only after its event starts, a settled
            bet is final, and a bet can be deleted only before its event starts (a real record also allows it only in
            the {DELETE_WINDOW_MINUTES} minutes after recording). Void / push (a cancelled event or a push) returns the
            stake and counts in no rate.
          </p>
        </div>
      </div>

      <OverdueNotice count={stats.overdue} demo />

      <DemoStatCards stats={stats} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <RecordDemoBetCard onRecord={(bet) => onBetsChange((all) => [bet, ...(all ?? samples)])} />
        <DemoBetList bets={list} onSettle={settle} onSettleLeg={settleLeg} onDelete={remove} />
      </div>

      <Card className="flex flex-col gap-4 border-emerald-200 bg-emerald-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold text-emerald-950">Ready to keep a real record?</h2>
          <p className="text-sm text-emerald-900">
            Create a free account to save your bets, share your profile and unlock the community.
          </p>
        </div>
        <Button asChild>
          <Link to={signUpPath}>Create Free Account</Link>
        </Button>
      </Card>
    </div>
  );
}

/** The dashboard's own cards (one component per figure), over the demo's bets. */
function DemoStatCards({ stats }: { stats: BetStats }) {
  return (
    <section aria-label="Demo statistics">
      <BetStatsCards stats={stats} />
    </section>
  );
}

type BetMode = 'single' | 'parlay';
const NEW_LEGS: DemoLegForm[] = [EMPTY_DEMO_LEG, EMPTY_DEMO_LEG];
/** The last submit's messages, by field: a single bet's, or a parlay's (the stake is both's). */
type FormErrors = DemoFieldErrors<keyof DemoBetForm | DemoParlayField>;
type LegField = `legs.${number}.${keyof DemoLegForm}`;
/** A leg's messages go when a leg is removed (the rest renumber); the next submit says them again at their new places. */
const withoutLegErrors = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !field.startsWith('legs')));

function RecordDemoBetCard({ onRecord }: { onRecord: (bet: DemoBet) => void }) {
  const [mode, setMode] = useState<BetMode>('single');
  const [form, setForm] = useState<DemoBetForm>(EMPTY_DEMO_FORM);
  // A parlay's legs; the stake is the form's, kept across a change of mode as the rest is.
  const [legs, setLegs] = useState<DemoLegForm[]>(NEW_LEGS);
  const [errors, setErrors] = useState<FormErrors>({});
  // Editing a field takes its message away; the rest stay until the next submit.
  const clearError = (name: keyof FormErrors) =>
    setErrors((all) => {
      if (!(name in all)) return all;
      const { [name]: _cleared, ...rest } = all;
      return rest;
    });
  const field = (name: keyof DemoBetForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [name]: e.target.value }));
    clearError(name);
  };
  const preview = previewPotentialWin(form.amount.trim(), form.odds);
  // The picker's lower bound (a hint; the 6-hour rule is checked on submit).
  const [earliest] = useState(() => toLocalDateTimeValue(new Date(Date.now() + MIN_EVENT_LEAD_MS + 60 * 1000)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result =
      mode === 'parlay' ? recordDemoParlay(form.amount, legs, new Date()) : recordDemoBet(form, new Date());
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) {
      // As the app's form: each message under its field, and the 6-hour rule toasted too.
      if (Object.values(result.errors).includes(EVENT_TOO_SOON_MESSAGE)) showEventTooSoon();
      return;
    }
    onRecord(result.bet);
    setForm(EMPTY_DEMO_FORM);
    setLegs(NEW_LEGS);
    toast.success(mode === 'parlay' ? 'Parlay Recorded' : 'Bet Recorded', {
      description: 'Your bet has been recorded successfully!',
    });
  };
  const stake = (
    <FormField
      label="Stake ($)"
      error={errors.amount}
      description={mode === 'parlay' ? 'One stake for the whole parlay.' : undefined}
    >
      {(control) => <MoneyInput {...control} value={form.amount} onChange={field('amount')} placeholder="10.00" />}
    </FormField>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Record a Demo Bet</CardTitle>
        <CardDescription>Events must start at least 6 hours from now.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Record a demo bet">
          <BetTypeSwitch
            mode={mode}
            onChange={(next) => {
              setMode(next);
              // The messages were about the other form.
              setErrors({});
            }}
          />
          {mode === 'parlay' ? (
            <>
              {stake}
              <DemoLegFields
                legs={legs}
                onChange={setLegs}
                earliest={earliest}
                errors={errors}
                onEdit={clearError}
                onRenumber={() => setErrors(withoutLegErrors)}
              />
              <ParlayPreview
                preview={previewParlay(
                  form.amount.trim(),
                  legs.map((leg) => leg.odds),
                )}
              />
            </>
          ) : (
            <>
              <FormField label="Description" error={errors.description}>
                {(control) => (
                  <Input
                    {...control}
                    value={form.description}
                    onChange={field('description')}
                    placeholder="e.g. Lakers ML vs Celtics"
                    maxLength={500}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                {stake}
                <FormField label="Odds" description="+150, -110, 2.50 or 5/2" error={errors.odds}>
                  {(control) => (
                    <Input
                      {...control}
                      value={form.odds}
                      onChange={field('odds')}
                      placeholder="+150"
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </FormField>
              </div>
              <FormField label="Sport" error={errors.sport}>
                {(control) => (
                  <NativeSelect {...control} value={form.sport} onChange={field('sport')}>
                    <SportOptions />
                  </NativeSelect>
                )}
              </FormField>
              <FormField label="Event date and time" error={errors.eventDateTime}>
                {(control) => (
                  <Input
                    {...control}
                    type="datetime-local"
                    min={earliest}
                    value={form.eventDateTime}
                    onChange={field('eventDateTime')}
                  />
                )}
              </FormField>
              <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
                {FIGURES.payout.label}:{' '}
                <strong className="font-semibold tabular-nums">{preview ? formatMoney(preview) : '—'}</strong>
              </p>
            </>
          )}
          <Button type="submit" className="w-full">
            {mode === 'parlay' ? 'Record Parlay' : 'Record Bet'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The sports a demo bet or leg can be, after a blank choice. */
function SportOptions() {
  return (
    <>
      <option value="">Select a sport</option>
      <Options values={SPORTS} label={sportLabel} />
    </>
  );
}

/**
 * A parlay's legs in the demo form, named as the dashboard's (Leg N description, sport, odds, event
 * date & time), added and removed within 2-15; kept as typed, like the rest of the demo form.
 */
function DemoLegFields({
  legs,
  onChange,
  earliest,
  errors,
  onEdit,
  onRenumber,
}: {
  legs: readonly DemoLegForm[];
  onChange: Dispatch<SetStateAction<DemoLegForm[]>>;
  earliest: string;
  errors: FormErrors;
  /** A leg's field was edited (its message goes), or a leg added (the legs' own message goes). */
  onEdit: (field: LegField | 'legs') => void;
  /** A leg was removed: the legs' messages no longer fit their places. */
  onRenumber: () => void;
}) {
  const field = (index: number, name: keyof DemoLegForm) => (e: { target: { value: string } }) => {
    onChange((all) => all.map((leg, i) => (i === index ? { ...leg, [name]: e.target.value } : leg)));
    onEdit(`legs.${index}.${name}`);
  };
  const error = (index: number, name: keyof DemoLegForm) => errors[`legs.${index}.${name}`];
  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Legs">
        {legs.map((leg, index) => {
          const n = index + 1;
          return (
            // The legs have no identity but their place; removing one re-renders those after it.
            <li key={index} className="flex flex-col gap-3 rounded-md border p-3">
              <LegFieldsHeader
                n={n}
                legCount={legs.length}
                onRemove={() => {
                  onChange((all) => all.filter((_, i) => i !== index));
                  onRenumber();
                }}
              />
              <FormField label={`Leg ${n} description`} error={error(index, 'description')}>
                {(control) => (
                  <Input
                    {...control}
                    value={leg.description}
                    onChange={field(index, 'description')}
                    placeholder="e.g. Chiefs to win"
                    maxLength={500}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={`Leg ${n} sport`} error={error(index, 'sport')}>
                  {(control) => (
                    <NativeSelect {...control} value={leg.sport} onChange={field(index, 'sport')}>
                      <SportOptions />
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={`Leg ${n} odds`} error={error(index, 'odds')}>
                  {(control) => (
                    <Input
                      {...control}
                      value={leg.odds}
                      onChange={field(index, 'odds')}
                      placeholder="+150, 2.50, 5/2"
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </FormField>
                <FormField
                  className="sm:col-span-2"
                  label={`Leg ${n} event date & time`}
                  error={error(index, 'eventDateTime')}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="datetime-local"
                      min={earliest}
                      value={leg.eventDateTime}
                      onChange={field(index, 'eventDateTime')}
                    />
                  )}
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.legs && <p className="text-sm font-medium text-destructive">{errors.legs}</p>}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={legs.length >= PARLAY_MAX_LEGS}
        onClick={() => {
          onChange((all) => [...all, EMPTY_DEMO_LEG]);
          onEdit('legs');
        }}
      >
        <Plus aria-hidden="true" />
        Add leg
      </Button>
    </>
  );
}

interface BetActions {
  onSettle: (bet: DemoBet, status: SettledStatus) => void;
  onSettleLeg: (bet: DemoBet, leg: DemoLeg, status: SettledStatus) => void;
  onDelete: (bet: DemoBet) => void;
}

function DemoBetList({ bets, ...actions }: { bets: readonly DemoBet[] } & BetActions) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Demo Bets</CardTitle>
        <CardDescription>
          The same rules as a real record: settle a bet won, lost or void / push once its event has started, and a
          settled bet is final. Until the event starts you can delete a bet to correct a mistake; once it starts, the
          bet is part of the record. A self-reported bet still pending {OVERDUE_AFTER_HOURS} hours after its start (a
          parlay: any leg&apos;s own start) is shown as overdue.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {bets.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-input px-4 py-10 text-center">
            <p className="font-medium">No bets recorded yet</p>
            <p className="text-sm text-muted-foreground">Record your first demo bet with the form.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Demo bets">
            {bets.map((bet) => (
              <DemoBetItem key={bet.id} bet={bet} {...actions} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DemoBetItem({ bet, onSettle, onSettleLeg, onDelete }: { bet: DemoBet } & BetActions) {
  const titleId = useId();
  const hintId = useId();
  const timing = useBetTiming(demoTiming(bet));
  const describedBy = timing.settleAfter ? `${titleId} ${hintId}` : titleId;
  // Settling asks first, as the app does: a settled bet is final.
  const [confirming, setConfirming] = useState<SettledStatus | null>(null);
  const row = useRef<HTMLLIElement>(null);
  return (
    <li
      ref={row}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border p-4 outline-offset-2"
      data-testid="demo-bet"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-semibold break-words">
            {bet.description}
          </h3>
          <p className="text-xs text-muted-foreground">
            {sportLabel(bet.sport)} · Event {formatDateTime(bet.eventDate)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <BetStatusBadge status={bet.status} />
          <BetKindBadge kind={bet.kind ?? 'self-reported'} />
        </div>
      </div>
      {timing.overdue && <OverdueBadge />}
      <dl className="grid grid-cols-3 gap-2">
        <BetDetail term="Stake">{formatMoney(bet.amount)}</BetDetail>
        <BetDetail term="Odds">
          <Odds odds={bet.odds} />
        </BetDetail>
        {bet.profitLoss === null ? (
          <BetDetail term={FIGURES.payout.label}>{formatMoney(bet.potentialWin)}</BetDetail>
        ) : (
          <BetDetail term="Profit/Loss">
            <ProfitLoss value={bet.profitLoss} />
          </BetDetail>
        )}
      </dl>
      {bet.legs && <DemoParlayLegs bet={bet} legs={bet.legs} onSettleLeg={onSettleLeg} />}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          {bet.status === 'pending' && !bet.legs && bet.kind === 'graded' && <GradedNote />}
          {bet.status === 'pending' && !bet.legs && bet.kind !== 'graded' && (
            <SettleButtons onSettle={setConfirming} disabled={!timing.canSettle} describedBy={describedBy} />
          )}
          <SettleConfirmDialog
            bet={bet}
            status={confirming}
            onConfirm={(status) => onSettle(bet, status)}
            onClose={() => setConfirming(null)}
            returnFocusTo={row}
          />
          {timing.canDelete ? (
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto text-destructive hover:bg-red-50"
              onClick={() => onDelete(bet)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Delete bet: {bet.description}</span>
            </Button>
          ) : (
            <PartOfRecordNote className="sm:ml-auto" />
          )}
        </div>
        {/* A parlay's legs each say when they can be settled. */}
        {!bet.legs && <SettleAfterHint id={hintId} text={timing.settleAfter} />}
      </div>
    </li>
  );
}

/** A demo parlay's legs: each with its result, and Won / Lost / Void / push once its own event has started. */
function DemoParlayLegs({
  bet,
  legs,
  onSettleLeg,
}: {
  bet: DemoBet;
  legs: readonly DemoLeg[];
  onSettleLeg: BetActions['onSettleLeg'];
}) {
  return (
    <ol
      className="flex flex-col divide-y rounded-md border bg-muted/30 px-3 py-1"
      aria-label={`Legs of "${bet.description}"`}
    >
      {legs.map((leg) => (
        <DemoLegItem key={leg.position} bet={bet} leg={leg} onSettleLeg={onSettleLeg} />
      ))}
    </ol>
  );
}

function DemoLegItem({
  bet,
  leg,
  onSettleLeg,
}: {
  bet: DemoBet;
  leg: DemoLeg;
  onSettleLeg: BetActions['onSettleLeg'];
}) {
  const timing = useBetTiming(leg);
  const item = useRef<HTMLLIElement>(null);
  return (
    <li ref={item} tabIndex={-1} className="flex flex-col gap-2 rounded-sm py-2 outline-offset-2">
      <LegSummary leg={leg} />
      {bet.status === 'pending' && leg.status === 'pending' && (
        <LegSettleControls
          bet={bet}
          leg={leg}
          disabled={!timing.canSettle}
          settleAfter={timing.settleAfter}
          onSettle={(status) => onSettleLeg(bet, leg, status)}
          returnFocusTo={item}
        />
      )}
    </li>
  );
}

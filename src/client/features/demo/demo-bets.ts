/**
 * The landing page's demo: bets kept in memory only. Validation, odds, potential win, settlement,
 * the record's time rules (settle after the start, delete only before it, overdue after 72 hours)
 * and statistics all come from src/shared, the same code the server and the dashboard use; a
 * parlay's too (src/shared/parlays.ts, docs/decisions/008-parlays.md): one bet with its legs, each
 * settled after its own start, the parlay settling itself from them.
 */
import {
  BET_PART_OF_RECORD_MESSAGE,
  canDelete,
  canSettle,
  previewPotentialWin,
  settleAfterMessage,
  type BetStatus,
  type SettledStatus,
  type Sport,
} from '../../../shared/bets.ts';
import {
  createRecordBetSchema,
  type Bet,
  type BetLeg,
  type BetStats,
  type BetSummary,
} from '../../../shared/bet-schemas.ts';
import { formatCents, parseMoney, potentialWinCents, settlementProfitCents } from '../../../shared/money.ts';
import { parseOdds, type Rational } from '../../../shared/odds.ts';
import {
  PARLAY_SETTLED_BY_LEGS_MESSAGE,
  PARLAY_SPORT,
  LEG_ALREADY_SETTLED_MESSAGE,
  LEG_NOT_FOUND_MESSAGE,
  PARLAY_ALREADY_SETTLED_MESSAGE,
  combinedOdds,
  parlayDescription,
  parlayOutcome,
  shortDecimal,
} from '../../../shared/parlays.ts';
import { createRecordParlaySchema } from '../../../shared/parlay-schemas.ts';
import { computeStats, decimalOddsOf } from '../../../shared/stats.ts';
import { GRADED_FROM_RESULT_MESSAGE, gradedDescription, type BetKind } from '../../../shared/events.ts';
import { localDateTimeToIso } from '../../lib/local-date-time.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

/**
 * Spec §3, Demo bet: the shared list shape (BetSummary, what every bet list renders) with the
 * fields the demo reads of the API's Bet (its potential win, when it was recorded), under the API's
 * names; money as decimal strings with two places ("25.00"), times as ISO strings. Its sport is
 * 'parlay' for a parlay (its legs have the sports), and its `eventDate` a parlay's earliest leg's
 * start (delete only before it). `profitLoss` is null until settled. `legs` is absent for a single
 * bet (the API's is null); `kind` 'graded' marks a sample bet on a listed (sample) event, settled
 * from its result, and is absent on every bet the visitor records (self-reported).
 */
export type DemoBet = BetSummary &
  Pick<Bet, 'potentialWin' | 'createdAt'> & {
    /** A parlay's legs, in order. */
    legs?: readonly DemoLeg[];
  };

/** A parlay's leg (the API's BetLeg, in part): its odds as typed, settled on its own once its event has started. */
export type DemoLeg = Pick<BetLeg, 'position' | 'description' | 'sport' | 'odds' | 'eventDate' | 'status'>;

/** What the demo form holds: every value as typed. `eventDateTime` is a datetime-local value. */
export interface DemoBetForm {
  description: string;
  amount: string;
  odds: string;
  sport: string;
  eventDateTime: string;
}

/**
 * A datetime-local value as a UTC instant ("…Z"), undefined when it is not one: the demo's bets keep
 * their starts in UTC, so they compare and sort as text (a parlay's earliest leg).
 */
const instantOf = (local: string) => {
  const iso = localDateTimeToIso(local);
  return iso && new Date(iso).toISOString();
};

export const EMPTY_DEMO_FORM: DemoBetForm = { description: '', amount: '', odds: '', sport: '', eventDateTime: '' };

/** A parlay leg in the demo form, as typed. */
export type DemoLegForm = Omit<DemoBetForm, 'amount'>;
export const EMPTY_DEMO_LEG: DemoLegForm = { description: '', odds: '', sport: '', eventDateTime: '' };

/** A parlay form's fields: its stake, its legs' own (legs.0.odds), and the legs as a whole (two at least). */
export type DemoParlayField = 'amount' | 'legs' | `legs.${number}.${keyof DemoLegForm}`;
/** Each failing field's message, from the shared schema, as the app's form shows them under their inputs. */
export type DemoFieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type DemoRecordResult<Field extends string> =
  { ok: true; bet: DemoBet } | { ok: false; errors: DemoFieldErrors<Field> };

let counter = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `demo-${Date.now()}-${counter++}`;

/** A blank choice is no sport at all: the schema then says it is required, as the app's form sends it. */
const sportOf = (sport: string) => (sport === '' ? undefined : sport);

/**
 * The schema's issues named as the demo form names its fields (its `eventDate` is the form's
 * `eventDateTime`), the first message of each, as the app's form keeps them.
 */
function fieldErrors<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DemoFieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map((part) => (part === 'eventDate' ? 'eventDateTime' : String(part))).join('.');
    errors[field] ??= issue.message;
  }
  return errors as DemoFieldErrors<Field>;
}

/**
 * Checks the form with the dashboard's own schema (the browser's clock standing in for the
 * server's) and builds the bet, or says which fields are wrong in the dashboard's words.
 */
export function recordDemoBet(form: DemoBetForm, now: Date): DemoRecordResult<keyof DemoBetForm> {
  const parsed = createRecordBetSchema(() => now).safeParse({
    description: form.description,
    amount: form.amount,
    odds: form.odds,
    sport: sportOf(form.sport),
    eventDate: instantOf(form.eventDateTime),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };

  const bet = parsed.data;
  return {
    ok: true,
    bet: {
      id: newId(),
      description: bet.description,
      amount: formatCents(parseMoney(bet.amount)!),
      odds: bet.odds,
      status: 'pending',
      sport: bet.sport,
      eventDate: bet.eventDate,
      createdAt: now.toISOString(),
      potentialWin: previewPotentialWin(bet.amount, bet.odds)!,
      profitLoss: null,
    },
  };
}

/**
 * Checks a parlay with the dashboard's own schema (2-15 legs, each a single bet's fields and
 * 6-hour rule, the combined odds capped) and builds it as the server records one: the combined
 * odds the product of the legs', the potential win the stake × that exact product, the start the
 * earliest leg's. On failure, each leg's fields by their place (legs.1.odds), the legs' own
 * problem (too few, combined odds too long) as `legs`.
 */
export function recordDemoParlay(
  amount: string,
  legs: readonly DemoLegForm[],
  now: Date,
): DemoRecordResult<DemoParlayField> {
  const parsed = createRecordParlaySchema(() => now).safeParse({
    amount,
    legs: legs.map((leg) => ({
      description: leg.description,
      sport: sportOf(leg.sport),
      odds: leg.odds,
      eventDate: instantOf(leg.eventDateTime),
    })),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };

  const parlay = parsed.data;
  const stake = parseMoney(parlay.amount)!;
  const odds = combinedOdds(parlay.legs.map((leg) => legDecimal(leg.odds)));
  const demoLegs = parlay.legs.map((leg, i): DemoLeg => ({
    position: i + 1,
    description: leg.description,
    sport: leg.sport,
    odds: leg.odds,
    eventDate: leg.eventDate,
    status: 'pending',
  }));
  return {
    ok: true,
    bet: {
      id: newId(),
      description: parlayDescription(demoLegs.map((leg) => leg.description)),
      amount: formatCents(stake),
      odds: shortDecimal(odds),
      status: 'pending',
      sport: PARLAY_SPORT,
      eventDate: demoLegs.map((leg) => leg.eventDate).sort()[0]!,
      createdAt: now.toISOString(),
      potentialWin: formatCents(potentialWinCents(stake, odds)),
      profitLoss: null,
      legs: demoLegs,
    },
  };
}

/** A leg's exact decimal odds (the text was validated when the parlay was recorded). */
function legDecimal(odds: string): Rational {
  const parsed = parseOdds(odds);
  if (!parsed.ok) throw new RangeError(`not odds: ${odds}`);
  return parsed.decimal;
}

/** The latest leg's start for a parlay, the event's for a single bet: its place in the game's order. */
export const lastEventDateTime = (bet: DemoBet): string =>
  bet.legs
    ? bet.legs
        .map((leg) => leg.eventDate)
        .sort()
        .at(-1)!
    : bet.eventDate;

/**
 * A demo bet as the shared time rules read it: without its `createdAt`, so no 15-minute delete window
 * applies (a demo bet may be deleted until its start, as the spec's demo says).
 */
export const demoTiming = (bet: DemoBet) => ({
  status: bet.status,
  eventDate: bet.eventDate,
  kind: bet.kind,
  legs: bet.legs ?? null,
});

export type DemoChange = { ok: true; bets: DemoBet[] } | { ok: false; reason: string };

/**
 * The bet settled as won (profit = potential win − stake), lost (−stake) or void (0: the stake comes
 * back), as the server does it: only once its event has started, and only once (a settled bet is final).
 */
export function settleDemoBet(bets: readonly DemoBet[], id: string, status: SettledStatus, now: Date): DemoChange {
  const bet = bets.find((b) => b.id === id);
  if (!bet) return { ok: false, reason: 'Bet not found' };
  if (bet.status !== 'pending') return { ok: false, reason: 'Bet is already settled' };
  if (bet.legs) return { ok: false, reason: PARLAY_SETTLED_BY_LEGS_MESSAGE };
  if (bet.kind === 'graded') return { ok: false, reason: GRADED_FROM_RESULT_MESSAGE };
  if (!canSettle(demoTiming(bet), now)) return { ok: false, reason: settleAfterMessage(bet.eventDate) };
  const profit = settlementProfitCents(status, parseMoney(bet.amount)!, parseMoney(bet.potentialWin)!);
  const settled: DemoBet = { ...bet, status, profitLoss: profit === null ? null : formatCents(profit) };
  return { ok: true, bets: bets.map((b) => (b.id === id ? settled : b)) };
}

/**
 * A parlay's leg settled, once, after its own start; the parlay then stands where its legs put it
 * (parlayOutcome): lost at a lost leg, won when every non-void leg has won (its odds and potential
 * win recomputed without the void legs), void when all are void, otherwise still pending.
 */
export function settleDemoLeg(
  bets: readonly DemoBet[],
  id: string,
  position: number,
  status: SettledStatus,
  now: Date,
): DemoChange {
  const bet = bets.find((b) => b.id === id);
  const leg = bet?.legs?.find((l) => l.position === position);
  if (!bet || !leg) return { ok: false, reason: LEG_NOT_FOUND_MESSAGE };
  if (bet.status !== 'pending') return { ok: false, reason: PARLAY_ALREADY_SETTLED_MESSAGE };
  if (leg.status !== 'pending') return { ok: false, reason: LEG_ALREADY_SETTLED_MESSAGE };
  if (!canSettle(leg, now)) {
    return { ok: false, reason: settleAfterMessage(leg.eventDate) };
  }
  const legs = bet.legs!.map((l) => (l.position === position ? { ...l, status } : l));
  const stake = parseMoney(bet.amount)!;
  const outcome = parlayOutcome(
    stake,
    legs.map((l) => ({ decimal: legDecimal(l.odds), status: l.status })),
  );
  const settled: DemoBet = {
    ...bet,
    legs,
    status: outcome.status,
    // Recomputed only when won: a lost parlay keeps its recorded odds, as the server's does.
    ...(outcome.status === 'won' && {
      odds: shortDecimal(outcome.decimalOdds),
      potentialWin: formatCents(outcome.potentialWin),
    }),
    profitLoss: outcome.profit === null ? null : formatCents(outcome.profit),
  };
  return { ok: true, bets: bets.map((b) => (b.id === id ? settled : b)) };
}

/** The bet removed: a correction allowed only while it is pending and its event has not started. */
export function deleteDemoBet(bets: readonly DemoBet[], id: string, now: Date): DemoChange {
  const bet = bets.find((b) => b.id === id);
  if (!bet) return { ok: false, reason: 'Bet not found' };
  if (!canDelete(demoTiming(bet), now)) return { ok: false, reason: BET_PART_OF_RECORD_MESSAGE };
  return { ok: true, bets: bets.filter((b) => b.id !== id) };
}

/**
 * The four figures, and the overdue count (pending 72+ hours after the start). The demo's win rate
 * divides wins by all non-pending bets (spec §9); a void bet is neither won nor lost, so that is
 * won / (won + lost): the shared winRate, with the real record's rules for void.
 */
export const demoStats = (bets: readonly DemoBet[], now: Date): BetStats =>
  computeStats(
    // A parlay is one bet here, at its combined odds, in the game's order by its last leg, and
    // overdue 72 hours after any pending leg's own start (isOverdue), as on a real record.
    bets.map((b) => ({ ...b, lastEventDate: lastEventDateTime(b), decimalOdds: decimalOddsOf(b.odds) })),
    now,
  );

/** The demo's graded sample: a clearly sample event, as the seed's catalog lists them. */
export const SAMPLE_GRADED_DESCRIPTION = gradedDescription(
  { home: 'Sample Rovers', away: 'Sample City' },
  '1x2',
  'home',
  null,
);

/**
 * The bets a visitor finds in the demo, placed around `now` so that each rule shows: two settled
 * (final; the won one graded from a sample event's result, as a bet on a listed event is), one
 * whose event has started (settle it; no delete), one overdue, one still ahead (Won/Lost wait for
 * the start; delete allowed). Event times are on the hour.
 */
export function sampleDemoBets(now: Date): DemoBet[] {
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const sample = (
    id: string,
    description: string,
    sport: Sport,
    amount: string,
    odds: string,
    eventMs: number,
    result: BetStatus,
    kind: BetKind = 'self-reported',
  ): DemoBet => {
    const potentialWin = previewPotentialWin(amount, odds)!;
    const stake = parseMoney(amount)!;
    const profit = result === 'pending' ? null : settlementProfitCents(result, stake, parseMoney(potentialWin)!);
    return {
      id: `sample-${id}`,
      description,
      amount: formatCents(stake),
      odds,
      status: result,
      sport,
      eventDate: new Date(eventMs).toISOString(),
      createdAt: new Date(eventMs - 2 * DAY_MS).toISOString(),
      potentialWin,
      profitLoss: profit === null ? null : formatCents(profit),
      kind,
    };
  };
  return [
    sample('upcoming', 'Djokovic in straight sets', 'tennis', '20', '5/2', hour + 2 * DAY_MS, 'pending'),
    sample('started', 'Celtics -4.5 vs Knicks', 'basketball', '50', '-110', hour - 2 * HOUR_MS, 'pending'),
    sample('overdue', 'Yankees ML vs Red Sox', 'baseball', '25', '+120', hour - 4 * DAY_MS, 'pending'),
    sample('lost', 'Arsenal to win at Villa', 'soccer', '50', '+140', hour - 5 * DAY_MS, 'lost'),
    sample('won', SAMPLE_GRADED_DESCRIPTION, 'soccer', '50', '2.10', hour - 6 * DAY_MS, 'won', 'graded'),
  ];
}

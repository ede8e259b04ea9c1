/**
 * The landing page's demo: bets kept in memory only. Validation, odds, potential win, settlement,
 * the record's time rules (settle after the start, delete only before it, overdue after 72 hours)
 * and statistics all come from src/shared, the same code the server and the dashboard use.
 */
import {
  BET_PART_OF_RECORD_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_MESSAGE,
  canDelete,
  canSettle,
  createRecordBetSchema,
  previewPotentialWin,
  settleAfterMessage,
  type BetStats,
  type BetStatus,
  type SettledStatus,
  type Sport,
} from '../../../shared/bets.ts';
import { formatCents, parseMoney, settlementProfitCents } from '../../../shared/money.ts';
import { computeStats, decimalOddsOf } from '../../../shared/stats.ts';

/** Spec §3, Demo bet; money as decimal strings with two places ("25.00"), times as ISO strings. */
export interface DemoBet {
  id: string;
  description: string;
  amount: string;
  odds: string;
  status: BetStatus;
  sport: Sport;
  eventDateTime: string;
  recordedAt: string;
  potentialWin: string;
  /** Null until settled. */
  profitLoss: string | null;
}

/** What the demo form holds: every value as typed. `eventDateTime` is a datetime-local value. */
export interface DemoBetForm {
  description: string;
  amount: string;
  odds: string;
  sport: string;
  eventDateTime: string;
}

export const EMPTY_DEMO_FORM: DemoBetForm = { description: '', amount: '', odds: '', sport: '', eventDateTime: '' };

/** Verbatim from the spec (sections 5 and 8). */
export const FILL_ALL_FIELDS_MESSAGE = 'Please fill in all fields';
export const INVALID_EVENT_TIME_TITLE = 'Invalid Event Time';

export type DemoRecordResult = { ok: true; bet: DemoBet } | { ok: false; title: string; description?: string };

let counter = 0;
const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `demo-${Date.now()}-${counter++}`;

/**
 * A datetime-local value ("2027-03-14T19:30") read in the visitor's time zone, as an ISO instant;
 * null when it is not a date.
 */
export function localDateTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The datetime-local value for an instant, in the visitor's time zone (for the input's min). */
export function toLocalDateTimeValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Checks the form with the dashboard's own schema (the browser's clock standing in for the
 * server's) and builds the bet, or says what is wrong in the words the spec gives.
 */
export function recordDemoBet(form: DemoBetForm, now: Date): DemoRecordResult {
  const values = Object.values(form) as string[];
  if (values.some((v) => v.trim() === '')) return { ok: false, title: FILL_ALL_FIELDS_MESSAGE };

  const eventDate = localDateTimeToIso(form.eventDateTime);
  if (!eventDate) {
    return { ok: false, title: INVALID_EVENT_TIME_TITLE, description: 'Enter a valid event date and time' };
  }
  const parsed = createRecordBetSchema(() => now).safeParse({
    description: form.description,
    amount: form.amount.trim(),
    odds: form.odds,
    sport: form.sport,
    eventDate,
  });
  if (!parsed.success) {
    const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
    const amount = issue('amount');
    if (amount) return { ok: false, title: 'Invalid stake', description: amount };
    if (issue('odds')) return { ok: false, title: 'Invalid odds', description: INVALID_ODDS_MESSAGE };
    const event = issue('eventDate');
    if (event) {
      return {
        ok: false,
        title: INVALID_EVENT_TIME_TITLE,
        description: event === EVENT_TOO_SOON_MESSAGE ? EVENT_TOO_SOON_MESSAGE : event,
      };
    }
    const other = parsed.error.issues[0];
    return { ok: false, title: 'Invalid bet', description: other?.message };
  }

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
      eventDateTime: bet.eventDate,
      recordedAt: now.toISOString(),
      potentialWin: previewPotentialWin(bet.amount, bet.odds)!,
      profitLoss: null,
    },
  };
}

/** A demo bet as the shared time rules read it. */
export const demoTiming = (bet: DemoBet) => ({ status: bet.status, eventDate: bet.eventDateTime });

export type DemoChange = { ok: true; bets: DemoBet[] } | { ok: false; reason: string };

/**
 * The bet settled as won (profit = potential win − stake), lost (−stake) or void (0: the stake comes
 * back), as the server does it: only once its event has started, and only once (a settled bet is final).
 */
export function settleDemoBet(bets: readonly DemoBet[], id: string, status: SettledStatus, now: Date): DemoChange {
  const bet = bets.find((b) => b.id === id);
  if (!bet) return { ok: false, reason: 'Bet not found' };
  if (bet.status !== 'pending') return { ok: false, reason: 'Bet is already settled' };
  if (!canSettle(demoTiming(bet), now)) return { ok: false, reason: settleAfterMessage(bet.eventDateTime, now) };
  const profit = settlementProfitCents(status, parseMoney(bet.amount)!, parseMoney(bet.potentialWin)!);
  const settled: DemoBet = { ...bet, status, profitLoss: profit === null ? null : formatCents(profit) };
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
    bets.map((b) => ({ ...b, eventDate: b.eventDateTime, decimalOdds: decimalOddsOf(b.odds) })),
    now,
  );

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The bets a visitor finds in the demo, placed around `now` so that each rule shows: two settled
 * (final), one whose event has started (settle it; no delete), one overdue, one still ahead
 * (Won/Lost wait for the start; delete allowed). Event times are on the hour.
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
      eventDateTime: new Date(eventMs).toISOString(),
      recordedAt: new Date(eventMs - 2 * DAY_MS).toISOString(),
      potentialWin,
      profitLoss: profit === null ? null : formatCents(profit),
    };
  };
  return [
    sample('upcoming', 'Djokovic in straight sets', 'tennis', '20', '5/2', hour + 2 * DAY_MS, 'pending'),
    sample('started', 'Celtics -4.5 vs Knicks', 'basketball', '50', '-110', hour - 2 * HOUR_MS, 'pending'),
    sample('overdue', 'Yankees ML vs Red Sox', 'baseball', '25', '+120', hour - 4 * DAY_MS, 'pending'),
    sample('lost', 'Arsenal to win at Villa', 'soccer', '50', '+140', hour - 5 * DAY_MS, 'lost'),
    sample('won', 'Chiefs ML vs Bills', 'football', '50', '2.10', hour - 6 * DAY_MS, 'won'),
  ];
}

/**
 * The landing page's demo: bets kept in memory only. Validation, odds, potential win, settlement
 * and statistics all come from src/shared, the same code the server and the dashboard use.
 */
import {
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_MESSAGE,
  createRecordBetSchema,
  previewPotentialWin,
  type BetStats,
  type BetStatus,
  type SettledStatus,
  type Sport,
} from '../../../shared/bets.ts';
import { formatCents, parseMoney, settlementProfitCents } from '../../../shared/money.ts';
import { computeStats } from '../../../shared/stats.ts';

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

/** The bet settled as won (profit = potential win − stake) or lost (−stake). Settled bets stay as they are. */
export function settleDemoBet(bet: DemoBet, status: SettledStatus): DemoBet {
  if (bet.status !== 'pending') return bet;
  const profit = settlementProfitCents(status, parseMoney(bet.amount)!, parseMoney(bet.potentialWin)!);
  return { ...bet, status, profitLoss: profit === null ? null : formatCents(profit) };
}

/**
 * The four figures. The demo's win rate divides wins by all non-pending bets (spec §9), which is
 * won / (won + lost): the shared winRate.
 */
export const demoStats = (bets: readonly DemoBet[]): BetStats => computeStats(bets);

/**
 * The bettor's own wellbeing tools, private to them (docs/decisions/034 and 035): a budget for a
 * period, a cool-off, the loss-chasing question. The rules and the words live here, shared by the
 * server (its answers, the monthly statement) and the dashboard; the wire format is
 * wellbeing-schemas.ts. Dates are UTC calendar days ("2026-11-28"), as the record's day summaries are.
 */
import { formatCents, parseMoney, type Cents } from './money.ts';
import { groupThousands } from './number-format.ts';
import { DAY_MS } from './time-units.ts';

export const BUDGET_PERIODS = ['week', 'month', 'payday'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The lengths of a cool-off a bettor can choose: 24 hours, 7 days, 30 days, 6 months. */
export const COOL_OFF_DAYS = [1, 7, 30, 182] as const;
export type CoolOffDays = (typeof COOL_OFF_DAYS)[number];

export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** A budget's share at which the dashboard and the record-bet dialog start saying it is close. */
export const BUDGET_NEAR_PERCENT = 80n;

/** 'ok' under 80% of every limit; 'near' from 80% up to the limit itself; 'over' past any limit. */
export type BudgetLevel = 'ok' | 'near' | 'over';

/** A Date's UTC calendar day as "YYYY-MM-DD". */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const dayOf = (year: number, month: number, day: number) => utcDay(new Date(Date.UTC(year, month, day)));
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The budget period holding `at`: its first day and the day after its last (UTC calendar days). */
export function budgetPeriodRange(
  period: BudgetPeriod,
  payDay: number | null,
  at: Date,
): { start: string; end: string } {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  if (period === 'week') {
    // Weeks start on Monday (ISO 8601).
    const sinceMonday = (at.getUTCDay() + 6) % 7;
    return { start: dayOf(y, m, d - sinceMonday), end: dayOf(y, m, d - sinceMonday + 7) };
  }
  if (period === 'month') return { start: dayOf(y, m, 1), end: dayOf(y, m + 1, 1) };
  // From a pay day: a month shorter than the pay day pays on its last day.
  const payIn = (year: number, month: number) => {
    const first = new Date(Date.UTC(year, month, 1));
    const yy = first.getUTCFullYear();
    const mm = first.getUTCMonth();
    return { year: yy, month: mm, day: Math.min(payDay ?? 1, daysInMonth(yy, mm)) };
  };
  const thisMonth = payIn(y, m);
  const startMonth = d >= thisMonth.day ? thisMonth : payIn(y, m - 1);
  const next = payIn(startMonth.year, startMonth.month + 1);
  return {
    start: dayOf(startMonth.year, startMonth.month, startMonth.day),
    end: dayOf(next.year, next.month, next.day),
  };
}

/** Days from `at`'s day to the period's end, today included: the last day of a period has 1 left. */
export const daysLeftIn = (end: string, at: Date): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${utcDay(at)}T00:00:00Z`)) / DAY_MS);

/** "$1,234.50" from cents (no sign: the words say what the amount is). */
export function dollars(cents: Cents): string {
  const [whole, fraction] = formatCents(cents < 0n ? -cents : cents).split('.');
  return `$${groupThousands(whole!)}.${fraction}`;
}

/** Where `used` stands against `limit`. */
export function levelOf(used: Cents, limit: Cents): BudgetLevel {
  if (used > limit) return 'over';
  if (used * 100n >= limit * BUDGET_NEAR_PERCENT) return 'near';
  return 'ok';
}

const LEVEL_ORDER: Record<BudgetLevel, number> = { ok: 0, near: 1, over: 2 };
export const worstLevel = (levels: BudgetLevel[]): BudgetLevel =>
  levels.reduce<BudgetLevel>((a, b) => (LEVEL_ORDER[b] > LEVEL_ORDER[a] ? b : a), 'ok');

/** A budget and where the bettor stands in its current period (amounts as API decimal strings). */
export interface BudgetStanding {
  period: BudgetPeriod;
  payDay: number | null;
  /** The period's first day and the day after its last (UTC). */
  start: string;
  end: string;
  daysLeft: number;
  /** Stakes of the bets recorded in the period. */
  staked: string;
  stakeLimit: string | null;
  /** Profit or loss of the bets settled in the period (negative: a loss). */
  netResult: string;
  /** The loss, 0.00 when the period is even or up. */
  netLoss: string;
  lossLimit: string | null;
  level: BudgetLevel;
}

/** The standing from the period's sums; `extraStake` adds a bet not yet recorded (the dialog's "if you record this"). */
export function budgetStanding(
  budget: { period: BudgetPeriod; payDay: number | null; stakeLimit: string | null; lossLimit: string | null },
  sums: { staked: string; netResult: string },
  at: Date,
  extraStake: Cents = 0n,
): BudgetStanding {
  const { start, end } = budgetPeriodRange(budget.period, budget.payDay, at);
  const staked = (parseMoney(sums.staked) ?? 0n) + extraStake;
  const net = parseMoney(sums.netResult) ?? 0n;
  const loss = net < 0n ? -net : 0n;
  const levels: BudgetLevel[] = [];
  const stakeLimit = budget.stakeLimit === null ? null : parseMoney(budget.stakeLimit);
  const lossLimit = budget.lossLimit === null ? null : parseMoney(budget.lossLimit);
  if (stakeLimit !== null) levels.push(levelOf(staked, stakeLimit));
  if (lossLimit !== null) levels.push(levelOf(loss, lossLimit));
  return {
    period: budget.period,
    payDay: budget.payDay,
    start,
    end,
    daysLeft: daysLeftIn(end, at),
    staked: formatCents(staked),
    stakeLimit: stakeLimit === null ? null : formatCents(stakeLimit),
    netResult: formatCents(net),
    netLoss: formatCents(loss),
    lossLimit: lossLimit === null ? null : formatCents(lossLimit),
    level: worstLevel(levels),
  };
}

const PERIOD_WORDS: Record<BudgetPeriod, string> = {
  week: 'this week',
  month: 'this month',
  payday: 'since pay day',
};

const daysLeftWords = (n: number) => (n === 1 ? '1 day left' : `${n} days left`);

/** The standing in words, one line per limit: "$120.00 of $200.00 staked this month, 9 days left". */
export function budgetLines(s: BudgetStanding): string[] {
  const lines: string[] = [];
  const cents = (text: string) => parseMoney(text) ?? 0n;
  const when = `${PERIOD_WORDS[s.period]}, ${daysLeftWords(s.daysLeft)}`;
  if (s.stakeLimit !== null)
    lines.push(`${dollars(cents(s.staked))} of ${dollars(cents(s.stakeLimit))} staked ${when}`);
  if (s.lossLimit !== null)
    lines.push(`${dollars(cents(s.netLoss))} of ${dollars(cents(s.lossLimit))} net loss ${when}`);
  return lines;
}

/** What a level means, said plainly (no alarm, no praise). */
export const LEVEL_WORDS: Record<BudgetLevel, string> = {
  ok: 'Within your budget',
  near: 'Close to your budget',
  over: 'Past your budget',
};

/**
 * What the record-bet dialog says before recording a bet that takes the standing to 'near' or
 * 'over' (it records anyway if asked: betproof is a tracker, the decision is the bettor's).
 */
export function budgetWarning(after: BudgetStanding): string | null {
  if (after.level === 'ok') return null;
  const cents = (text: string) => parseMoney(text) ?? 0n;
  const period = PERIOD_WORDS[after.period];
  const parts: string[] = [];
  if (after.stakeLimit !== null && levelOf(cents(after.staked), cents(after.stakeLimit)) !== 'ok')
    parts.push(
      `your stakes ${period} to ${dollars(cents(after.staked))} of your ${dollars(cents(after.stakeLimit))} budget`,
    );
  if (after.lossLimit !== null && levelOf(cents(after.netLoss), cents(after.lossLimit)) !== 'ok')
    parts.push(
      `your net loss ${period} is ${dollars(cents(after.netLoss))} of your ${dollars(cents(after.lossLimit))} limit`,
    );
  const verb = after.level === 'over' ? 'takes you past your budget' : 'brings you close to your budget';
  return `This bet ${verb}: ${parts.join('; ')}. You can still record it.`;
}

/**
 * The loss-chasing rule (docs/decisions/034): at least 3 bets lost in the last 24 hours, and a
 * stake more than twice the median of the bettor's last 30 stakes (with at least 5 to judge by).
 */
export const LOSS_CHASE_MIN_LOSSES = 3;
export const LOSS_CHASE_WINDOW_MS = DAY_MS;
export const LOSS_CHASE_STAKES_SAMPLE = 30;
export const LOSS_CHASE_MIN_SAMPLE = 5;
export const LOSS_CHASE_MULTIPLE = 2n;

/** The median of stakes in cents, halves rounded down to the cent. */
export function medianCents(stakes: Cents[]): Cents | null {
  if (stakes.length === 0) return null;
  const sorted = [...stakes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2n;
}

export interface LossChase {
  /** Bets lost in the last 24 hours (counted up to a few more than the rule needs). */
  recentLosses: number;
  medianStake: string;
  stake: string;
}

/** The figures of the question when the rule is met, else null. */
export function lossChase(recentLosses: number, lastStakes: Cents[], stake: Cents): LossChase | null {
  if (recentLosses < LOSS_CHASE_MIN_LOSSES || lastStakes.length < LOSS_CHASE_MIN_SAMPLE) return null;
  const median = medianCents(lastStakes)!;
  if (stake <= median * LOSS_CHASE_MULTIPLE) return null;
  return { recentLosses, medianStake: formatCents(median), stake: formatCents(stake) };
}

/** The question, with its figures, in plain words. */
export function lossChaseQuestion(c: LossChase): string {
  const cents = (text: string) => parseMoney(text) ?? 0n;
  return (
    `You've had ${c.recentLosses} losing bets in the last 24 hours, and this stake of ${dollars(cents(c.stake))} ` +
    `is more than twice your usual stake (${dollars(cents(c.medianStake))}, the middle of your last 30). ` +
    'Raising stakes to win back losses is common, and it usually deepens them. Do you want to record this bet?'
  );
}

/** An ISO instant as "2026-11-29 15:40 UTC": what the API can say for everyone (the pages say it in local time). */
export const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** 423's message while a cool-off lasts (`until` an ISO instant). */
export const coolOffMessage = (until: string): string =>
  `You're taking a break from recording bets until ${utcMinute(until)}. Pending bets still settle as usual.`;

export const COOL_OFF_SHORTER_MESSAGE = 'A cool-off cannot be shortened. You can choose a longer one.';

/** When a cool-off of `days` days started at `at` ends. */
export const coolOffEnd = (at: Date, days: CoolOffDays): Date => new Date(at.getTime() + days * DAY_MS);

/**
 * Betting statistics. Counts and sums are exact (BigInt); the interval and the p-value are then
 * computed from those sums in binary floating point, the same operations in the same order for
 * the same record, so they are deterministic. The server builds its answer from a per-user
 * summary with {@link buildStats}; {@link computeStats} recounts from the bets themselves (the
 * demo uses it, and tests use it as the oracle the summary must match).
 *
 * Which bets count: the rates (win rate, ROI, level-stakes yield, their intervals, the p-value),
 * the runs and the drawdown are over **won and lost** bets. A void bet (a cancelled event or a
 * push) returns its stake: it is counted (`voided`) and shown, and changes none of them.
 *
 * The methods are in docs/decisions/007-stats-uncertainty-and-ranking.md.
 */
import { isOverdue, type BetStatus } from './bets.ts';
import type { BetKind } from './events.ts';
import type { BetStats, Interval } from './bet-schemas.ts';
import { formatCents, parseMoney, type Cents } from './money.ts';
import { parseOdds, roundHalfAwayFromZero } from './odds.ts';
import { formatWholeNumber } from './number-format.ts';

/** Under this many won or lost bets, the profile says the sample is too small to tell skill from luck. */
export const MIN_SETTLED_FOR_SKILL = 30;

/** The 97.5th percentile of the standard normal distribution: a two-sided 95% interval is ± this many standard errors. */
export const Z_95 = 1.959963984540054;

const MICRO = 1_000_000n;

/** Won / (won + lost) × 100, rounded half up to one decimal; 0 when nothing is settled. */
export function winRate(won: number, lost: number): number {
  const settled = won + lost;
  if (settled <= 0) return 0;
  return Number(roundHalfAwayFromZero(BigInt(won) * 1000n, BigInt(settled))) / 10;
}

/**
 * Return on the stake of won and lost bets: profit / that stake × 100, rounded half away from zero
 * to one decimal; null when there is no such stake to divide by.
 */
export function roi(profit: Cents, settledStake: Cents): number | null {
  if (settledStake <= 0n) return null;
  const tenths = roundHalfAwayFromZero(profit * 1000n, settledStake);
  return Number(tenths) / 10;
}

/**
 * Everything the statistics are made of: counts and sums a summary row can keep up to date as
 * bets are recorded and settled (each is a plain sum over bets, except the runs and the drawdown,
 * which follow the order of the games). The sums marked "over won and lost bets" leave void bets out.
 */
export interface StatsTotals {
  totalBets: number;
  won: number;
  lost: number;
  pending: number;
  voided: number;
  totalStaked: Cents;
  totalProfit: Cents;
  /** Stake of won and lost bets. */
  settledStaked: Cents;
  /** Σ decimal odds over won and lost bets, in millionths. */
  oddsSum: bigint;
  /** Σ u over won and lost bets, u the return per unit staked (won: odds − 1, lost: −1), in millionths. */
  levelProfit: bigint;
  /** Σ u², in 10⁻¹² units. */
  levelProfitSq: bigint;
  /** Σ profit², Σ profit × stake and Σ stake² over won and lost bets, in cents². */
  profitSq: bigint;
  profitStake: bigint;
  stakeSq: bigint;
  /**
   * Σ stake² × (odds − 1) over won and lost bets, in cents² × 10⁻⁶: the variance of a break-even
   * bettor's profit on the same bets (one who wins each with probability 1 / odds).
   */
  breakEvenVariance: bigint;
  /** The largest fall of cumulative profit from its running peak (starting at a peak of 0). */
  maxDrawdown: Cents;
  longestWinningRun: number;
  longestLosingRun: number;
}

export const ZERO_TOTALS: StatsTotals = {
  totalBets: 0,
  won: 0,
  lost: 0,
  pending: 0,
  voided: 0,
  totalStaked: 0n,
  totalProfit: 0n,
  settledStaked: 0n,
  oddsSum: 0n,
  levelProfit: 0n,
  levelProfitSq: 0n,
  profitSq: 0n,
  profitStake: 0n,
  stakeSq: 0n,
  breakEvenVariance: 0n,
  maxDrawdown: 0n,
  longestWinningRun: 0,
  longestLosingRun: 0,
};

/** `x` rounded half away from zero to one decimal. */
const roundTenth = (x: number): number => (Math.sign(x) * Math.round(Math.abs(x) * 10)) / 10 || 0;

/**
 * centre ± halfWidth as percentages with one decimal. The low end is never under −100% (no bet
 * loses more than its stake), and rounding never leaves out the figure shown (`shown`).
 */
function percentInterval(centre: number, halfWidth: number, shown: number): Interval {
  return {
    low: Math.min(Math.max(roundTenth((centre - halfWidth) * 100), -100), shown),
    high: Math.max(roundTenth((centre + halfWidth) * 100), shown),
  };
}

/**
 * Level-stakes yield: the mean return per unit staked over won and lost bets (had each staked one
 * unit), × 100, one decimal half away from zero; null with none. 15 of 25 won at 2.00 → 20.
 */
export function levelStakesYield(t: Pick<StatsTotals, 'won' | 'lost' | 'levelProfit'>): number | null {
  const n = BigInt(t.won + t.lost);
  if (n === 0n) return null;
  return Number(roundHalfAwayFromZero(t.levelProfit * 1000n, n * MICRO)) / 10;
}

/**
 * The 95% interval for level-stakes yield: mean u ± 1.96 standard errors, where the variance of
 * the mean is the larger of (a) the record's own sample variance of u over n and (b) a break-even
 * bettor's at the same odds, Σ(odds − 1) / n² — so a record of short-priced wins with no spread
 * (20 wins at 1.01) does not get a zero-width interval. Null with no won or lost bet.
 */
export function yieldInterval(
  t: Pick<StatsTotals, 'won' | 'lost' | 'levelProfit' | 'levelProfitSq' | 'oddsSum'>,
): Interval | null {
  const shown = levelStakesYield(t);
  if (shown === null) return null;
  const n = t.won + t.lost;
  const N = BigInt(n);
  const mean = Number(t.levelProfit) / 1e6 / n;
  let variance = Number(t.oddsSum - N * MICRO) / 1e6 / (n * n);
  if (n >= 2) {
    // n Σu² − (Σu)², exact, in 10⁻¹² units.
    const spread = N * t.levelProfitSq - t.levelProfit * t.levelProfit;
    variance = Math.max(variance, Number(spread) / 1e12 / (n * (n - 1)) / n);
  }
  return percentInterval(mean, Z_95 * Math.sqrt(variance), shown);
}

/**
 * The 95% interval for ROI, R = Σprofit / Σstake over won and lost bets: R ± 1.96 standard
 * errors, the variance of R being the larger of (a) the ratio estimator's, n/(n−1) × Σ(profit −
 * R × stake)² / (Σstake)², and (b) a break-even bettor's on the same bets, Σ stake² (odds − 1) /
 * (Σstake)². Null with no won or lost bet.
 */
export function roiInterval(t: StatsTotals): Interval | null {
  const shown = roi(t.totalProfit, t.settledStaked);
  if (shown === null) return null;
  const n = t.won + t.lost;
  const S = t.settledStaked;
  const P = t.totalProfit;
  const s = Number(S);
  const ratio = Number(P) / s;
  let variance = Number(t.breakEvenVariance) / 1e6 / (s * s);
  if (n >= 2) {
    // Σ(r − R s)² × S², exact: Σr² S² − 2 P S Σrs + P² Σs².
    const residuals = t.profitSq * S * S - 2n * P * S * t.profitStake + P * P * t.stakeSq;
    variance = Math.max(variance, ((n / (n - 1)) * Number(residuals)) / s ** 4);
  }
  return percentInterval(ratio, Z_95 * Math.sqrt(variance), shown);
}

/**
 * erfc(x), Numerical Recipes' Chebyshev fit (fractional error below 1.2 × 10⁻⁷ everywhere):
 * plenty for a chance written to two significant figures.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≥ z) for a standard normal Z. */
export const normalUpperTail = (z: number): number => 0.5 * erfc(z / Math.SQRT2);

/**
 * The chance that a break-even bettor (winning each bet with probability 1 / its decimal odds, so
 * expecting a profit of 0) would make at least this profit with the same stakes and odds: the
 * normal approximation, P(Z ≥ profit / √Σ stake² (odds − 1)), to four significant digits. Null
 * with no won or lost bet.
 */
export function pValue(t: Pick<StatsTotals, 'won' | 'lost' | 'totalProfit' | 'breakEvenVariance'>): number | null {
  if (t.won + t.lost === 0 || t.breakEvenVariance <= 0n) return null;
  const z = Number(t.totalProfit) / Math.sqrt(Number(t.breakEvenVariance) / 1e6);
  return Number(normalUpperTail(z).toPrecision(4));
}

/**
 * A chance in words: "about 1 in 40" (1 / p, to the nearest whole number under 10 and to two
 * significant figures above), "more than 1 in 2" above a half, "less than 1 in 10,000" below that.
 */
export function chanceInWords(p: number): string {
  if (p > 0.5) return 'more than 1 in 2';
  if (p < 1e-4) return 'less than 1 in 10,000';
  const n = 1 / p;
  const rounded = n < 10 ? Math.round(n) : Number(n.toPrecision(2));
  return `about 1 in ${formatWholeNumber(rounded)}`;
}

/** Mean decimal odds of won and lost bets, 2 places half away from zero; null with none. */
export function averageOdds(t: Pick<StatsTotals, 'won' | 'lost' | 'oddsSum'>): string | null {
  const n = BigInt(t.won + t.lost);
  if (n === 0n) return null;
  const hundredths = roundHalfAwayFromZero(t.oddsSum, n * 10_000n);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** What the statistics say beside the totals: the clock-dependent overdue count, and the unit size set in settings. */
export interface StatsContext {
  overdue?: number;
  unitSize?: Cents | null;
}

/**
 * The API's statistics from counts and sums, the number of overdue bets (pending 72 hours after
 * their event started: it depends on the clock, so it is counted apart from the totals) and the
 * bettor's unit size.
 */
export function buildStats(t: StatsTotals, { overdue = 0, unitSize = null }: StatsContext = {}): BetStats {
  return {
    totalBets: t.totalBets,
    won: t.won,
    lost: t.lost,
    pending: t.pending,
    voided: t.voided,
    winRate: winRate(t.won, t.lost),
    totalStaked: formatCents(t.totalStaked),
    totalProfit: formatCents(t.totalProfit),
    settledStaked: formatCents(t.settledStaked),
    roi: roi(t.totalProfit, t.settledStaked),
    roiInterval: roiInterval(t),
    levelStakesYield: levelStakesYield(t),
    yieldInterval: yieldInterval(t),
    pValue: pValue(t),
    maxDrawdown: formatCents(t.maxDrawdown),
    longestWinningRun: t.longestWinningRun,
    longestLosingRun: t.longestLosingRun,
    averageOdds: averageOdds(t),
    overdue,
    unitSize: unitSize === null ? null : formatCents(unitSize),
  };
}

/** What a bet contributes to statistics; amounts as decimal strings (API/SQL) or cents. */
export interface StatsInput {
  status: BetStatus;
  /** Needed only to count overdue bets (computeStats with a clock), with `kind` and `legs` (isOverdue). */
  eventDate?: string | Date;
  kind?: BetKind;
  legs?: readonly { eventDate: string | Date; status?: BetStatus; kind?: BetKind }[] | null;
  amount: string | Cents;
  profitLoss: string | Cents | null;
  /** Decimal odds, as the API writes them ("2.500000"); needed for won and lost bets. */
  decimalOdds?: string;
  settledAt?: string | Date | null;
  /** A parlay's last leg's start: its place in the order of the game. */
  lastEventDate?: string | Date | null;
  /** Runs and drawdown follow the order of the game, (lastEventDate ?? eventDate, id); without them, the order given. */
  id?: string;
}

const cents = (value: string | Cents): Cents => {
  if (typeof value === 'bigint') return value;
  const parsed = parseMoney(value);
  if (parsed === null) throw new RangeError(`not a money amount: ${value}`);
  return parsed;
};

/**
 * A decimal string as an integer count of 10^-scale ("2.5", 6 → 2500000n). More decimals than
 * `scale` are refused unless they are zeros (SQL sums may carry trailing zeros).
 */
export function parseScaled(text: string, scale: number): bigint {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal: ${text}`);
  let fraction = m[3] ?? '';
  if (fraction.length > scale) {
    if (/[^0]/.test(fraction.slice(scale))) throw new RangeError(`more than ${scale} decimals: ${text}`);
    fraction = fraction.slice(0, scale);
  }
  const value = BigInt(m[2]!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return m[1] ? -value : value;
}

/** A won or lost bet's decimal odds in millionths. */
const oddsMicro = (decimalOdds: string | undefined): bigint => {
  if (decimalOdds === undefined) throw new RangeError('decimal odds are needed for a won or lost bet');
  return parseScaled(decimalOdds, 6);
};

/** Decimal odds as the API writes them ("2.500000") for odds as typed; for callers holding only the text (the demo). */
export function decimalOddsOf(odds: string): string {
  const parsed = parseOdds(odds);
  if (!parsed.ok) throw new RangeError(`not odds: ${odds}`);
  const micro = roundHalfAwayFromZero(parsed.decimal.num * MICRO, parsed.decimal.den);
  return `${micro / MICRO}.${(micro % MICRO).toString().padStart(6, '0')}`;
}

const time = (value: string | Date | null | undefined) => (value == null ? 0 : new Date(value).getTime());

/** Counts, sums, runs and drawdown over every bet given. */
export function totalsOf(bets: Iterable<StatsInput>): StatsTotals {
  const t = { ...ZERO_TOTALS };
  const settled: StatsInput[] = [];
  for (const bet of bets) {
    const amount = cents(bet.amount);
    t.totalBets += 1;
    t.totalStaked += amount;
    if (bet.status === 'pending') {
      t.pending += 1;
      continue;
    }
    settled.push(bet);
    if (bet.status === 'void') {
      t.voided += 1;
      continue;
    }
    const profit = bet.profitLoss === null ? 0n : cents(bet.profitLoss);
    const odds = oddsMicro(bet.decimalOdds);
    const unit = bet.status === 'won' ? odds - MICRO : -MICRO;
    if (bet.status === 'won') t.won += 1;
    else t.lost += 1;
    t.settledStaked += amount;
    t.totalProfit += profit;
    t.oddsSum += odds;
    t.levelProfit += unit;
    t.levelProfitSq += unit * unit;
    t.profitSq += profit * profit;
    t.profitStake += profit * amount;
    t.stakeSq += amount * amount;
    t.breakEvenVariance += amount * amount * (odds - MICRO);
  }
  // The order of the game: (event start — a parlay's last leg's — then id), as the summaries keep
  // it (docs/decisions/038), never the order of settling; a stable sort keeps the given order where
  // those are missing (the demo).
  const startOf = (b: StatsInput) => time(b.lastEventDate ?? b.eventDate);
  settled.sort(
    (a, b) => startOf(a) - startOf(b) || ((a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0),
  );
  let cumulative = 0n;
  let peak = 0n;
  let wins = 0;
  let losses = 0;
  for (const bet of settled) {
    if (bet.status === 'void') continue;
    cumulative += bet.profitLoss === null ? 0n : cents(bet.profitLoss);
    if (cumulative > peak) peak = cumulative;
    if (peak - cumulative > t.maxDrawdown) t.maxDrawdown = peak - cumulative;
    wins = bet.status === 'won' ? wins + 1 : 0;
    losses = bet.status === 'lost' ? losses + 1 : 0;
    t.longestWinningRun = Math.max(t.longestWinningRun, wins);
    t.longestLosingRun = Math.max(t.longestLosingRun, losses);
  }
  return t;
}

/** Statistics recounted from the bets themselves; overdue bets are counted when `now` is given. */
export function computeStats(bets: Iterable<StatsInput>, now?: Date, unitSize: Cents | null = null): BetStats {
  const all = [...bets];
  const overdue = now
    ? all.filter(
        (b) =>
          b.eventDate !== undefined &&
          isOverdue({ status: b.status, eventDate: b.eventDate, kind: b.kind, legs: b.legs }, now),
      ).length
    : 0;
  return buildStats(totalsOf(all), { overdue, unitSize });
}

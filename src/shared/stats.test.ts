import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetStatus } from './bets.ts';
import type { BetStats } from './bet-schemas.ts';
import { formatCents, parseMoney } from './money.ts';
import {
  chanceInWords,
  computeStats,
  decimalOddsOf,
  normalUpperTail,
  parseScaled,
  roi,
  winRate,
  type StatsInput,
} from './stats.ts';

describe('winRate', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 100],
    [0, 3, 0],
    [1, 1, 50],
    [2, 1, 66.7],
    [1, 2, 33.3],
    [1, 15, 6.3], // 6.25 rounds half up
    [1, 7, 12.5],
  ])('%i won, %i lost → %d', (won, lost, expected) => {
    expect(winRate(won, lost)).toBe(expected);
  });

  it('stays within [0, 100] with one decimal', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (won, lost) => {
        const rate = winRate(won, lost);
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
        expect(Number.isInteger(Math.round(rate * 10))).toBe(true);
        expect(Math.abs(rate * 10 - Math.round(rate * 10))).toBeLessThan(1e-9);
        if (won + lost > 0) expect(Math.abs(rate - (won / (won + lost)) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});

describe('roi', () => {
  it('is profit over settled stake, one decimal, null when nothing settled', () => {
    expect(roi(1500n, 1000n)).toBe(150);
    expect(roi(-1000n, 1000n)).toBe(-100);
    expect(roi(1n, 3n)).toBe(33.3);
    expect(roi(-1n, 8n)).toBe(-12.5);
    expect(roi(-1n, 16n)).toBe(-6.3);
    expect(roi(0n, 0n)).toBeNull();
  });
});

/** `n` bets of a stake at decimal odds, settled in the order of `results` ('W', 'L', 'V'). */
function record(results: string, amount = '10.00', odds = '2.000000'): StatsInput[] {
  const stake = Number(amount);
  const win = (Math.round(stake * Number(odds) * 100) / 100 - stake).toFixed(2);
  return [...results].map((r, i) => ({
    status: r === 'W' ? 'won' : r === 'L' ? 'lost' : 'void',
    amount,
    decimalOdds: odds,
    profitLoss: r === 'W' ? win : r === 'L' ? `-${amount}` : '0.00',
    eventDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    // Settled in the reverse order: the runs follow the games, not the settling.
    settledAt: new Date(Date.UTC(2026, 0, 2) - i * 60_000).toISOString(),
    id: `bet-${String(i).padStart(3, '0')}`,
  }));
}

const EMPTY: BetStats = {
  totalBets: 0,
  won: 0,
  lost: 0,
  pending: 0,
  voided: 0,
  winRate: 0,
  totalStaked: '0.00',
  totalProfit: '0.00',
  settledStaked: '0.00',
  roi: null,
  roiInterval: null,
  levelStakesYield: null,
  yieldInterval: null,
  pValue: null,
  maxDrawdown: '0.00',
  longestWinningRun: 0,
  longestLosingRun: 0,
  averageOdds: null,
  overdue: 0,
  unitSize: null,
};

describe('computeStats', () => {
  it('the steady bettor: 15 of 25 level $10 bets won at 2.00', () => {
    // Settlement order L L L W W W W W L W W L L W W W L W W L L W W W L.
    //   profit 15 × 10 − 10 × 10 = 50 on 250 staked: ROI = yield = 50 / 250 = 20.0%.
    //   Drawdown: the first three losses take the running total from the 0 start to −30.
    //   ROI interval: residuals r − 0.2 × 10 are 8 (won) and −12 (lost); Σe² = 15 × 64 + 10 × 144
    //   = 2400; variance 25/24 × 2400 / 250² = 0.04. A break-even bettor's: Σ 10² × (2 − 1) / 250²
    //   = 0.04 too. ± 1.959964 × 0.2 = ± 0.392 → [−19.2%, 59.2%] (the yield's is the same).
    //   p-value: z = 50 / √2500 = 1, P(Z ≥ 1) = 0.158655 → 0.1587, "about 1 in 6".
    const stats = computeStats(record('LLLWWWWWLWWLLWWWLWWLLWWWL'));
    expect(stats).toEqual({
      ...EMPTY,
      totalBets: 25,
      won: 15,
      lost: 10,
      winRate: 60,
      totalStaked: '250.00',
      totalProfit: '50.00',
      settledStaked: '250.00',
      roi: 20,
      roiInterval: { low: -19.2, high: 59.2 },
      levelStakesYield: 20,
      // Level stakes at one price: the yield's range is ROI's.
      yieldInterval: { low: -19.2, high: 59.2 },
      pValue: 0.1587,
      maxDrawdown: '30.00',
      longestWinningRun: 5,
      longestLosingRun: 3,
      averageOdds: '2.00',
    });
    expect(chanceInWords(stats.pValue!)).toBe('about 1 in 6');
  });

  it('a small record with unequal stakes, a void bet and a pending one, worked by hand', () => {
    // $10 at 3.00 won (+20), $20 at 1.50 lost (−20), $10 at 2.00 won (+10), $5 void, $7 pending.
    //   Won and lost: S = 40, P = 10, ROI = 25.0%. Yield: u = 2, −1, 1 → 2 / 3 = 66.7%.
    //   ROI interval: e = 20 − 2.5, −20 − 5, 10 − 2.5 → Σe² = 306.25 + 625 + 56.25 = 987.5;
    //   3/2 × 987.5 / 40² = 0.92578 (a break-even bettor's: (100 × 2 + 400 × 0.5 + 100 × 1) / 1600
    //   = 0.3125, smaller). 0.25 + 1.959964 × √0.92578 = 2.1358 → 213.6%; the low end, −163.6%,
    //   is held at −100% (no bet loses more than its stake).
    //   Yield interval: (3 × 6 − 2²) / (3 × 2) / 3 = 0.7778 → 0.6667 + 1.96 × 0.8819 = 239.5%.
    //   p-value: z = $10 / √$500² = 0.44721, P(Z ≥ 0.44721) = 0.32736 → 0.3274, "about 1 in 3".
    //   Average odds (3 + 1.5 + 2) / 3 = 2.1667 → 2.17. Drawdown: +20, then 0: 20.00.
    const bets: StatsInput[] = [
      { status: 'won', amount: '10.00', decimalOdds: '3.000000', profitLoss: '20.00' },
      { status: 'lost', amount: '20.00', decimalOdds: '1.500000', profitLoss: '-20.00' },
      { status: 'won', amount: '10.00', decimalOdds: '2.000000', profitLoss: '10.00' },
      { status: 'void', amount: '5.00', decimalOdds: '2.000000', profitLoss: '0.00' },
      { status: 'pending', amount: '7.00', decimalOdds: '2.000000', profitLoss: null },
    ];
    const stats = computeStats(bets);
    expect(stats).toEqual({
      ...EMPTY,
      totalBets: 5,
      won: 2,
      lost: 1,
      pending: 1,
      voided: 1,
      winRate: 66.7,
      totalStaked: '52.00',
      totalProfit: '10.00',
      settledStaked: '40.00',
      roi: 25,
      roiInterval: { low: -100, high: 213.6 },
      levelStakesYield: 66.7,
      // u = 2, −1, 1: mean 2/3, sample variance 7/3, so 2/3 ± 1.96 × √(7/9) = +239.5%, and the low end stops at −100%.
      yieldInterval: { low: -100, high: 239.5 },
      pValue: 0.3274,
      maxDrawdown: '20.00',
      longestWinningRun: 1,
      longestLosingRun: 1,
      averageOdds: '2.17',
    });
    expect(chanceInWords(stats.pValue!)).toBe('about 1 in 3');
  });

  it('counts pending bets overdue 72 hours after their event started, only with a clock', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * 60 * 1000).toISOString();
    const bets: StatsInput[] = [
      { status: 'pending', eventDate: hoursAgo(72), amount: '1.00', profitLoss: null },
      { status: 'pending', eventDate: hoursAgo(100), amount: '1.00', profitLoss: null },
      {
        status: 'pending',
        eventDate: new Date(now.getTime() - 72 * 60 * 60 * 1000 + 1),
        amount: '1.00',
        profitLoss: null,
      },
      { status: 'pending', amount: '1.00', profitLoss: null },
      { status: 'won', eventDate: hoursAgo(200), amount: '1.00', profitLoss: '1.00', decimalOdds: '2.000000' },
      { status: 'lost', eventDate: hoursAgo(200), amount: '1.00', profitLoss: '-1.00', decimalOdds: '2.000000' },
      { status: 'void', eventDate: hoursAgo(200), amount: '1.00', profitLoss: '0.00', decimalOdds: '2.000000' },
    ];
    expect(computeStats(bets, now).overdue).toBe(2);
    expect(computeStats(bets).overdue).toBe(0);
    expect(computeStats(bets, now)).toEqual({ ...computeStats(bets), overdue: 2 });
  });

  it('counts overdue by the shared rule: never a graded bet, a parlay by each pending leg', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * 60 * 1000).toISOString();
    const pending = { status: 'pending', amount: '1.00', profitLoss: null } as const;
    const overdue = (bet: StatsInput) => computeStats([bet], now).overdue;
    expect(overdue({ ...pending, eventDate: hoursAgo(100), kind: 'graded' })).toBe(0);
    expect(overdue({ ...pending, eventDate: hoursAgo(100), kind: 'self-reported' })).toBe(1);
    // A parlay starting 100 h ago: overdue while that leg is pending, not once it is settled and
    // the other leg started only 10 h ago.
    const legs = (first: 'pending' | 'won') => [
      { eventDate: hoursAgo(100), status: first },
      { eventDate: hoursAgo(10), status: 'pending' as const },
    ];
    expect(overdue({ ...pending, eventDate: hoursAgo(100), legs: legs('pending') })).toBe(1);
    expect(overdue({ ...pending, eventDate: hoursAgo(100), legs: legs('won') })).toBe(0);
  });

  it('is all zeros with no bets, and carries the unit size it is given', () => {
    expect(computeStats([])).toEqual(EMPTY);
    expect(computeStats([], undefined, 2500n).unitSize).toBe('25.00');
  });

  it('runs and drawdown follow event start, then id, not the order given or settled', () => {
    const bets = record('WWLLW').reverse(); // given newest first
    expect(computeStats(bets)).toMatchObject({ longestWinningRun: 2, longestLosingRun: 2, maxDrawdown: '20.00' });
  });

  it('a void bet neither breaks nor extends a run', () => {
    expect(computeStats(record('WWVWLVL'))).toMatchObject({
      longestWinningRun: 3,
      longestLosingRun: 2,
      voided: 2,
    });
  });

  it('keeps its invariants for any history', () => {
    const bet = fc
      .tuple(
        fc.constantFrom<BetStatus>('pending', 'won', 'lost', 'void'),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.bigInt({ min: 1_000_001n, max: 100_000_000_000n }),
      )
      .map(([status, amount, micro]): StatsInput => {
        const gain = (amount * (micro - 1_000_000n)) / 1_000_000n;
        return {
          status,
          amount,
          decimalOdds: `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`,
          profitLoss: status === 'pending' ? null : status === 'won' ? gain : status === 'lost' ? -amount : 0n,
        };
      });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 50 }), (bets) => {
        const s = computeStats(bets);
        expect(s.won + s.lost + s.pending + s.voided).toBe(s.totalBets);
        expect(s.winRate).toBeGreaterThanOrEqual(0);
        expect(s.winRate).toBeLessThanOrEqual(100);
        expect(s.roi === null).toBe(s.won + s.lost === 0);
        expect(s.levelStakesYield === null).toBe(s.won + s.lost === 0);
        if (s.roi !== null) expect(s.roi).toBeGreaterThanOrEqual(-100);
        // The interval contains the ROI, and its low end is at least −100%.
        if (s.roiInterval) {
          expect(s.roiInterval.low).toBeLessThanOrEqual(s.roi!);
          expect(s.roiInterval.high).toBeGreaterThanOrEqual(s.roi!);
          expect(s.roiInterval.low).toBeGreaterThanOrEqual(-100);
        }
        if (s.pValue !== null) {
          expect(s.pValue).toBeGreaterThanOrEqual(0);
          expect(s.pValue).toBeLessThanOrEqual(1);
        }
        expect(Number(s.maxDrawdown)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

/** A won or lost bet at a whole-dollar stake and odds with 2 decimals: its payout needs no rounding. */
const exactBet = (stake: bigint) =>
  fc
    .tuple(fc.constantFrom<BetStatus>('won', 'lost'), fc.integer({ min: 101, max: 2000 }))
    .map(([status, hundredths]): StatsInput => ({
      status,
      amount: stake,
      decimalOdds: (hundredths / 100).toFixed(6),
      profitLoss: status === 'won' ? (stake * BigInt(hundredths - 100)) / 100n : -stake,
    }));

const voidBet = fc
  .bigInt({ min: 1n, max: 100_000_000n })
  .map((amount): StatsInput => ({ status: 'void', amount, decimalOdds: '3.000000', profitLoss: 0n }));

describe('the rates, as properties', () => {
  it('yield equals ROI when every stake is the same', () => {
    fc.assert(
      fc.property(
        fc
          .bigInt({ min: 1n, max: 1_000_000n })
          .chain((dollars) => fc.array(exactBet(dollars * 100n), { minLength: 1 })),
        (bets) => {
          const s = computeStats(bets);
          expect(s.levelStakesYield).toBe(s.roi);
        },
      ),
    );
  });

  it('void bets change no rate, run or drawdown, wherever they fall', () => {
    fc.assert(
      fc.property(
        fc.array(exactBet(1000n), { maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), voidBet), { maxLength: 10 }),
        (bets, voids) => {
          const mixed = [...bets];
          for (const [at, v] of voids) mixed.splice(at % (mixed.length + 1), 0, v);
          const without = computeStats(bets);
          const withVoid = computeStats(mixed);
          const staked = voids.reduce((sum, [, v]) => sum + (v.amount as bigint), parseMoney(without.totalStaked)!);
          // Only the counts and the total staked move.
          expect(withVoid).toEqual({
            ...without,
            voided: without.voided + voids.length,
            totalBets: without.totalBets + voids.length,
            totalStaked: formatCents(staked),
          });
        },
      ),
    );
  });
});

describe('the chance in words', () => {
  it.each([
    [0.025, 'about 1 in 40'],
    [0.1587, 'about 1 in 6'],
    [0.3274, 'about 1 in 3'],
    [0.5, 'about 1 in 2'],
    [0.6, 'more than 1 in 2'],
    [0.0123, 'about 1 in 81'],
    [0.0012, 'about 1 in 830'],
    [0.0001, 'about 1 in 10,000'],
    [0.00005, 'less than 1 in 10,000'],
  ])('%d → %s', (p, words) => {
    expect(chanceInWords(p)).toBe(words);
  });

  it('the normal tail to 1e-7', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(1)).toBeCloseTo(0.158655254, 7);
    expect(normalUpperTail(1.959963984540054)).toBeCloseTo(0.025, 7);
    expect(normalUpperTail(-1)).toBeCloseTo(0.841344746, 7);
  });
});

describe('decimals', () => {
  it('parses SQL sums at a scale, trailing zeros and all', () => {
    expect(parseScaled('2.5', 6)).toBe(2_500_000n);
    expect(parseScaled('-0.000001', 6)).toBe(-1n);
    expect(parseScaled('12.340000000', 4)).toBe(123_400n);
    expect(parseScaled('7', 2)).toBe(700n);
    expect(() => parseScaled('1.00001', 4)).toThrow(RangeError);
  });

  it('writes odds as typed as the stored decimal odds', () => {
    expect(decimalOddsOf('+150')).toBe('2.500000');
    expect(decimalOddsOf('-110')).toBe('1.909091');
    expect(decimalOddsOf('5/2')).toBe('3.500000');
  });
});

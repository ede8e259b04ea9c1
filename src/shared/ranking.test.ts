import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breakEvenChance,
  luckAdjustedScore,
  luckAdjustedYield,
  meetsRankMinimum,
  mergePosition,
  RANK_MIN_EVENTS,
  type RankTotals,
} from './ranking.ts';
import { chanceInWords } from './stats.ts';

const MICRO = 1_000_000n;

/** A record's ranking totals from its positions' odds (millionths) and results, one event each. */
function totalsOf(positions: readonly { odds: bigint; won: boolean }[]): RankTotals {
  return {
    positions: positions.length,
    events: positions.length,
    levelProfit: positions.reduce((s, p) => s + (p.won ? p.odds - MICRO : -MICRO), 0n),
    oddsSum: positions.reduce((s, p) => s + p.odds, 0n),
  };
}

const record = (won: number, lost: number, odds: string) => {
  const o = BigInt(Math.round(Number(odds) * 1e6));
  return totalsOf(
    [...Array<boolean>(won).fill(true), ...Array<boolean>(lost).fill(false)].map((w) => ({ odds: o, won: w })),
  );
};

describe('the luck-adjusted yield (decision 038 worked examples)', () => {
  it('scores the honest and the long record as the decision works them', () => {
    const honest = record(18, 12, '2.00');
    expect(luckAdjustedYield(honest)).toBe(-15.8);
    expect(breakEvenChance(honest)).toBe(0.1367);
    expect(chanceInWords(breakEvenChance(honest)!)).toBe('about 1 in 7');
    const long = record(542, 458, '1.90');
    expect(luckAdjustedYield(long)).toBe(-2.9);
    expect(chanceInWords(breakEvenChance(long)!)).toBe('about 1 in 6');
    expect(luckAdjustedScore(long)!).toBeGreaterThan(luckAdjustedScore(honest)!);
    // 60 of 100 at 2.00 (+20% over more picks): above both.
    const better = record(60, 40, '2.00');
    expect(luckAdjustedYield(better)).toBe(0.4);
    expect(chanceInWords(breakEvenChance(better)!)).toBe('about 1 in 44');
  });

  it('ranks no record under the minimum of distinct events', () => {
    expect(RANK_MIN_EVENTS).toBe(30);
    expect(meetsRankMinimum({ events: 29 })).toBe(false);
    expect(meetsRankMinimum({ events: 30 })).toBe(true);
    expect(luckAdjustedScore({ positions: 0, levelProfit: 0n, oddsSum: 0n })).toBeNull();
  });

  it('rises with every loss turned into a win, whatever the prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ odds: fc.bigInt(1_200_000n, 50_000_000n), won: fc.boolean() }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.nat(),
        (positions, pick) => {
          const lost = positions.flatMap((p, i) => (p.won ? [] : [i]));
          fc.pre(lost.length > 0);
          const flipped = positions.map((p, i) => (i === lost[pick % lost.length] ? { ...p, won: true } : p));
          expect(luckAdjustedScore(totalsOf(flipped))!).toBeGreaterThan(luckAdjustedScore(totalsOf(positions))!);
        },
      ),
    );
  });

  it('rises with the sample at a fixed yield and prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ odds: fc.bigInt(1_200_000n, 50_000_000n), won: fc.boolean() }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 30 }),
        (positions, k) => {
          const times = (n: number) => totalsOf(Array.from({ length: n }, () => positions).flat());
          expect(luckAdjustedScore(times(k + 1))!).toBeGreaterThan(luckAdjustedScore(times(k))!);
        },
      ),
    );
  });
});

describe('one position per pick', () => {
  it('sums the stakes and weighs the odds by stake', () => {
    expect(mergePosition([{ stake: 1000n, odds: 2_500_000n }])).toEqual({ stake: 1000n, odds: 2_500_000n });
    expect(
      mergePosition([
        { stake: 1000n, odds: 2_500_000n },
        { stake: 1000n, odds: 3_500_000n },
      ]),
    ).toEqual({ stake: 2000n, odds: 3_000_000n });
    expect(
      mergePosition([
        { stake: 3000n, odds: 2_000_000n },
        { stake: 1000n, odds: 4_000_000n },
      ]),
    ).toEqual({ stake: 4000n, odds: 2_500_000n });
  });

  it('lies between its parts, and the same pick entered n times is that pick', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ stake: fc.bigInt(1n, 100_000_000n), odds: fc.bigInt(1_010_000n, 1_000_000_000n) }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 1, max: 20 }),
        (parts, n) => {
          const merged = mergePosition(parts);
          expect(merged.stake).toBe(parts.reduce((s, p) => s + p.stake, 0n));
          const odds = parts.map((p) => p.odds);
          expect(merged.odds >= odds.reduce((a, b) => (a < b ? a : b))).toBe(true);
          expect(merged.odds <= odds.reduce((a, b) => (a > b ? a : b))).toBe(true);
          const one = parts[0]!;
          expect(mergePosition(Array.from({ length: n }, () => one))).toEqual({
            stake: one.stake * BigInt(n),
            odds: one.odds,
          });
        },
      ),
    );
  });
});

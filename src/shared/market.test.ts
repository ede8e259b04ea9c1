import { describe, expect, it } from 'vitest';
import { closingLineValue, countedOdds, fairOdds, signedPercent } from './market.ts';

/** The worked example of docs/decisions/040: Man United v Fulham, 16 Aug 2024, Pinnacle's close. */
const PINNACLE_CLOSE = [1.65, 4.23, 5.28];

describe('closing-line value', () => {
  it('removes the margin in proportion: the book is Σ 1/p, the fair odds p × book', () => {
    const fair = fairOdds(PINNACLE_CLOSE);
    // 1/1.65 + 1/4.23 + 1/5.28 = 1.031861 (a 3.19% margin).
    expect(fair.map((p) => p.toFixed(6))).toEqual(['1.702571', '4.364773', '5.448227']);
    // Fair probabilities sum to exactly 1.
    expect(fair.reduce((s, p) => s + 1 / p, 0)).toBeCloseTo(1, 12);
  });

  it('is the odds taken over the fair close, less 1', () => {
    const [home] = fairOdds(PINNACLE_CLOSE);
    expect(closingLineValue(1.8, home!).toFixed(6)).toBe('0.057225');
    expect(closingLineValue(1.9, home!).toFixed(6)).toBe('0.115959');
    // Taking the close's own price loses the margin: 1.65 / 1.702571 − 1.
    expect(closingLineValue(1.65, home!).toFixed(6)).toBe('-0.030877');
    // A two-way market at 1.95 each: book 2 / 1.95 = 1.025641, fair odds 2.00 each.
    const [over] = fairOdds([1.95, 1.95]);
    expect(over!.toFixed(6)).toBe('2.000000');
    expect(closingLineValue(2.1, over!).toFixed(6)).toBe('0.050000');
  });

  it('refuses a market of fewer than two prices or a price not above 1', () => {
    expect(() => fairOdds([2])).toThrow(RangeError);
    expect(() => fairOdds([1, 3])).toThrow(RangeError);
  });
});

describe('prices that could be had', () => {
  it('counts odds more than 5% above the best price seen at that price', () => {
    // Best 1.72: up to 1.806 stands as taken; above it, 1.72.
    expect(countedOdds(1.8, 1.72)).toBe(1.8);
    expect(countedOdds(1.806, 1.72)).toBe(1.806);
    expect(countedOdds(1.807, 1.72)).toBe(1.72);
    expect(countedOdds(1.9, 1.72)).toBe(1.72);
    // No price seen: the odds as taken.
    expect(countedOdds(50, null)).toBe(50);
  });

  it('writes values as signed percentages', () => {
    expect(signedPercent(0.057225)).toBe('+5.7%');
    expect(signedPercent(-0.030877)).toBe('−3.1%');
    expect(signedPercent(0.0004)).toBe('0.0%');
  });
});

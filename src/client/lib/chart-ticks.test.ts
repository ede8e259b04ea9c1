import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyAxisTicks } from './chart-ticks.ts';

describe('moneyAxisTicks', () => {
  it('puts ticks at round values through zero (the month chart that read $25 / $0.9 / -$19.1)', () => {
    expect(moneyAxisTicks(-39.1, 25)).toEqual({ domain: [-40, 40], ticks: [-40, -20, 0, 20, 40] });
    expect(moneyAxisTicks(12, 438.84)).toEqual({ domain: [0, 500], ticks: [0, 100, 200, 300, 400, 500] });
    expect(moneyAxisTicks(-869.02, -3)).toEqual({ domain: [-1000, 0], ticks: [-1000, -800, -600, -400, -200, 0] });
    expect(moneyAxisTicks(-0.3, 0.7)).toEqual({ domain: [-0.4, 0.8], ticks: [-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8] });
  });

  it('draws an axis for nothing but zero', () => {
    expect(moneyAxisTicks(0, 0)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });

  it('always has zero, covers the data, and steps evenly by 1, 2, 2.5 or 5 times a power of ten', () => {
    // Profit is in cents.
    const money = fc.integer({ min: -100_000_000, max: 100_000_000 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(money, money, (a, b) => {
        const [min, max] = a < b ? [a, b] : [b, a];
        const { domain, ticks } = moneyAxisTicks(min, max);
        expect(ticks).toContain(0);
        expect(domain[0]).toBeLessThanOrEqual(Math.min(0, min));
        expect(domain[1]).toBeGreaterThanOrEqual(Math.max(0, max));
        expect(ticks.length).toBeLessThanOrEqual(8);
        const step = ticks[1]! - ticks[0]!;
        const mantissa = step / 10 ** Math.floor(Math.log10(step));
        expect([1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeCloseTo(step, 6);
      }),
    );
  });
});

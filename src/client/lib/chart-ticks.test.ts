import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAxisTicks, moneyAxisTicks, timeAxisTicks } from './chart-ticks.ts';

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

describe('countAxisTicks', () => {
  it('steps by whole round numbers from zero (recharts drew 0, 150, 300, 450)', () => {
    expect(countAxisTicks(417)).toEqual({ domain: [0, 500], ticks: [0, 100, 200, 300, 400, 500] });
    expect(countAxisTicks(12)).toEqual({ domain: [0, 15], ticks: [0, 5, 10, 15] });
    expect(countAxisTicks(8)).toEqual({ domain: [0, 8], ticks: [0, 2, 4, 6, 8] });
    expect(countAxisTicks(9)).toEqual({ domain: [0, 10], ticks: [0, 2, 4, 6, 8, 10] });
    expect(countAxisTicks(3)).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(countAxisTicks(1)).toEqual({ domain: [0, 1], ticks: [0, 1] });
    expect(countAxisTicks(0)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });

  it('never steps by a fraction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (max) => {
        const { domain, ticks } = countAxisTicks(max);
        expect(ticks[0]).toBe(0);
        expect(domain[1]).toBeGreaterThanOrEqual(max);
        expect(ticks.every(Number.isInteger)).toBe(true);
        expect(ticks.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});

describe('timeAxisTicks', () => {
  // Ticks fall at the reader's midnights; this reader is in UTC.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  const at = (iso: string) => Date.parse(iso);
  const iso = (ticks: number[]) => ticks.map((t) => new Date(t).toISOString());

  it('puts ticks on the first of each month over half a year (recharts drew Feb 2, Feb 20, Mar 18 …)', () => {
    const { unit, ticks } = timeAxisTicks(at('2026-02-01T20:00:00Z'), at('2026-07-30T14:00:00Z'), 8);
    expect(unit).toBe('month');
    expect(iso(ticks)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
      '2026-07-01T00:00:00.000Z',
    ]);
    expect(iso(timeAxisTicks(at('2026-02-01T20:00:00Z'), at('2026-07-30T14:00:00Z'), 4).ticks)).toEqual([
      '2026-03-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-07-01T00:00:00.000Z',
    ]);
  });

  it('steps by days, then hours, as the span shrinks', () => {
    expect(timeAxisTicks(at('2026-03-01T10:00:00Z'), at('2026-03-05T10:00:00Z'), 6)).toEqual({
      unit: 'day',
      ticks: [
        at('2026-03-02T00:00:00Z'),
        at('2026-03-03T00:00:00Z'),
        at('2026-03-04T00:00:00Z'),
        at('2026-03-05T00:00:00Z'),
      ],
    });
    expect(timeAxisTicks(at('2026-03-01T10:20:00Z'), at('2026-03-01T22:00:00Z'), 5)).toEqual({
      unit: 'hour',
      ticks: [
        at('2026-03-01T12:00:00Z'),
        at('2026-03-01T15:00:00Z'),
        at('2026-03-01T18:00:00Z'),
        at('2026-03-01T21:00:00Z'),
      ],
    });
  });

  it('gives at most the ticks asked for, each at a round moment inside the span', () => {
    const year2000 = at('2000-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * 365 * 86_400_000 }),
        fc.integer({ min: 3_600_000, max: 20 * 365 * 86_400_000 }),
        fc.integer({ min: 2, max: 10 }),
        (from, span, max) => {
          const { unit, ticks } = timeAxisTicks(year2000 + from, year2000 + from + span, max);
          expect(ticks.length).toBeLessThanOrEqual(max);
          for (const t of ticks) {
            expect(t).toBeGreaterThanOrEqual(year2000 + from);
            expect(t).toBeLessThanOrEqual(year2000 + from + span);
            const d = new Date(t);
            expect(d.getUTCMinutes() + d.getUTCSeconds() + d.getUTCMilliseconds()).toBe(0);
            if (unit !== 'hour') expect(d.getUTCHours()).toBe(0);
            if (unit === 'month' || unit === 'year') expect(d.getUTCDate()).toBe(1);
          }
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, parseMoney, potentialWinCents, settlementProfitCents } from './money.ts';
import { parseOdds, type Rational } from './odds.ts';

const odds = (text: string): Rational => {
  const parsed = parseOdds(text);
  if (!parsed.ok) throw new Error(`bad odds ${text}`);
  return parsed.decimal;
};

/** Any odds text parseOdds accepts, in each of the three formats. */
const validOddsText = fc
  .oneof(
    fc.integer({ min: 100, max: 9_999_900 }).map((n) => `+${n}`),
    fc.integer({ min: 100, max: 1_000_000 }).map((n) => `-${n}`),
    fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 99 })).map(([w, f]) => `${w}.${f}`),
    fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 })).map(([a, b]) => `${a}/${b}`),
  )
  .filter((text) => parseOdds(text).ok);

const stake = fc.bigInt({ min: 1n, max: 100_000_000n });

describe('parseMoney and formatCents', () => {
  it.each([
    ['10', 1000n],
    ['10.5', 1050n],
    ['10.50', 1050n],
    ['0.01', 1n],
    ['-3', -300n],
    ['-0.05', -5n],
    ['1000000.00', 100_000_000n],
    ['0', 0n],
    ['-0', 0n],
  ])('reads %j', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', ' 10', '10.505', '1e3', '10.', '.5', '+5', 'NaN', '1,000', '٣'])('rejects %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it.each([
    [1050n, '10.50'],
    [1n, '0.01'],
    [0n, '0.00'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
  ])('formats %s cents as %j', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('round-trips any amount of cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (c) => {
        expect(parseMoney(formatCents(c))).toBe(c);
      }),
    );
  });
});

describe('potentialWinCents', () => {
  it.each([
    [1000n, '+150', 2500n],
    [11000n, '-110', 21000n],
    [1000n, '5/2', 3500n],
    [1000n, '2.5', 2500n],
    [1000n, '-110', 1909n], // 19.0909... rounds down
    [1000n, '1/8', 1125n], // 11.25 exactly
    [100n, '1/8', 113n], // 1.125 rounds half up
    [1n, '2/3', 2n], // 0.01666.. → 0.02
  ])('%s cents at %s pay %s cents', (stakeCents, text, expected) => {
    expect(potentialWinCents(stakeCents, odds(text))).toBe(expected);
  });

  it('is at least the stake, and the exact product rounded half up', () => {
    fc.assert(
      fc.property(stake, validOddsText, (s, text) => {
        const d = odds(text);
        const win = potentialWinCents(s, d);
        expect(win >= s).toBe(true);
        // |win - s×d| <= 1/2 cent, and a tie rounds up: 2·win·den - 2·s·num ∈ (-den, den]
        const diff = 2n * win * d.den - 2n * s * d.num;
        expect(diff > -d.den && diff <= d.den).toBe(true);
      }),
    );
  });
});

describe('settlementProfitCents', () => {
  it('won pays the potential win less the stake; lost loses the stake; pending has none', () => {
    expect(settlementProfitCents('won', 1000n, 2500n)).toBe(1500n);
    expect(settlementProfitCents('lost', 1000n, 2500n)).toBe(-1000n);
    expect(settlementProfitCents('pending', 1000n, 2500n)).toBeNull();
  });

  it('is consistent: a win is never negative, a loss is exactly the stake, and they differ by the potential win', () => {
    fc.assert(
      fc.property(stake, validOddsText, (s, text) => {
        const win = potentialWinCents(s, odds(text));
        const won = settlementProfitCents('won', s, win)!;
        const lost = settlementProfitCents('lost', s, win)!;
        expect(won >= 0n).toBe(true);
        expect(lost).toBe(-s);
        expect(won - lost).toBe(win);
      }),
    );
  });
});

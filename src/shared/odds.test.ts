import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DECIMAL_ODDS,
  americanFromDecimal,
  decimalOddsString,
  displayOdds,
  formatOdds,
  oddsFormatOf,
  formatRational,
  fractionalFromDecimal,
  parseOdds,
  rational,
  sameRational,
  type Rational,
} from './odds.ts';

const decimalOf = (text: string): Rational => {
  const parsed = parseOdds(text);
  if (!parsed.ok) throw new Error(`expected ${text} to parse`);
  return parsed.decimal;
};

describe('parseOdds', () => {
  it.each([
    ['+150', 'american', '2.500000'],
    ['-110', 'american', '1.909091'],
    ['150', 'american', '2.500000'],
    ['+100', 'american', '2.000000'],
    ['-100', 'american', '2.000000'],
    ['100', 'american', '2.000000'],
    ['-200', 'american', '1.500000'],
    ['+9999900', 'american', '100000.000000'],
    ['2.5', 'decimal', '2.500000'],
    ['1.91', 'decimal', '1.910000'],
    ['2.50', 'decimal', '2.500000'],
    ['3', 'decimal', '3.000000'],
    ['99', 'decimal', '99.000000'],
    ['1.000001', 'decimal', '1.000001'],
    ['1.0000005', 'decimal', '1.000001'],
    ['5/2', 'fractional', '3.500000'],
    ['11/10', 'fractional', '2.100000'],
    ['1/3', 'fractional', '1.333333'],
    ['2/3', 'fractional', '1.666667'],
    ['10 / 1', 'fractional', '11.000000'],
    ['  +150  ', 'american', '2.500000'],
  ])('reads %j as %s odds %s', (text, format, decimal) => {
    const parsed = parseOdds(text);
    expect(parsed.ok && parsed.format).toBe(format);
    expect(parsed.ok && decimalOddsString(parsed.decimal)).toBe(decimal);
  });

  it('keeps decimal odds exact', () => {
    expect(decimalOf('-110')).toEqual(rational(21n, 11n));
    expect(decimalOf('5/2')).toEqual(rational(7n, 2n));
    expect(decimalOf('1.91')).toEqual(rational(191n, 100n));
  });

  it.each([
    '',
    '   ',
    '+99',
    '-99',
    '+50',
    '-1',
    '+0',
    '0',
    '1',
    '1.0',
    '0.5',
    '1.0000004',
    '-2.5',
    '+2.5',
    '2.',
    '.5',
    '2,5',
    '0/1',
    '5/0',
    '-5/2',
    '5/2/1',
    '1.5/2',
    'abc',
    'evens',
    '1e3',
    '0x10',
    '+ 150',
    '++150',
    '١٥٠',
    '+10000000',
    '10000000',
    '100000/1',
    `${'9'.repeat(40)}`,
  ])('rejects %j', (text) => {
    expect(parseOdds(text)).toEqual({ ok: false });
  });

  it('rejects what is not a string', () => {
    for (const value of [150, null, undefined, {}, ['+150']]) expect(parseOdds(value)).toEqual({ ok: false });
  });

  it('accepts odds up to the cap and not beyond', () => {
    expect(sameRational(decimalOf('100000.0'), rational(MAX_DECIMAL_ODDS))).toBe(true);
    expect(parseOdds('100000.000001').ok).toBe(false);
    expect(parseOdds('99999/1').ok).toBe(true);
  });

  it('never throws, and anything it accepts exceeds 1', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[+-]?\d{0,8}[./]?\d{0,8}$/)),
        (text) => {
          const parsed = parseOdds(text);
          if (parsed.ok) expect(parsed.decimal.num > parsed.decimal.den).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('conversions', () => {
  it('decimal(American(x)) round-trips for valid American x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9_999_900 }), fc.boolean(), (magnitude, positive) => {
        const text = `${positive ? '+' : '-'}${magnitude}`;
        const american = americanFromDecimal(decimalOf(text));
        // -100 and +100 are the same odds (evens); American for evens is written +100.
        const expected = positive || magnitude === 100 ? BigInt(magnitude) : -BigInt(magnitude);
        expect(american).toEqual(rational(expected));
      }),
    );
  });

  it('decimal(fractional(a/b)) is 1 + a/b exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (a, b) => {
        const parsed = parseOdds(`${a}/${b}`);
        if (!parsed.ok) return; // only a/b so small that 1 + a/b rounds to 1.000000
        expect(fractionalFromDecimal(parsed.decimal)).toEqual(rational(BigInt(a), BigInt(b)));
      }),
    );
  });

  it('decimal text parses to exactly the number written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 999_999 }), (whole, fraction) => {
        const text = `${whole}.${String(fraction).padStart(6, '0')}`;
        const parsed = parseOdds(text);
        if (whole === 1) return; // 1.000001.. also fine, covered by the table
        expect(parsed.ok && decimalOddsString(parsed.decimal)).toBe(text);
      }),
    );
  });

  it('formats rationals half away from zero', () => {
    expect(formatRational(rational(1n, 8n), 2)).toBe('0.13');
    expect(formatRational(rational(-1n, 8n), 2)).toBe('-0.13');
    expect(formatRational(rational(7n, 2n), 0)).toBe('4');
    expect(formatRational(rational(1n, 3n), 6)).toBe('0.333333');
  });

  it('American for decimal odds below evens is negative', () => {
    expect(americanFromDecimal(rational(3n, 2n))).toEqual(rational(-200n));
    expect(americanFromDecimal(rational(5n, 2n))).toEqual(rational(150n));
    expect(() => americanFromDecimal(rational(1n))).toThrow(RangeError);
  });
});

describe("odds in the reader's format", () => {
  const inEvery = (text: string) => ({
    decimal: displayOdds(text, 'decimal'),
    american: displayOdds(text, 'american'),
    fractional: displayOdds(text, 'fractional'),
  });

  it('writes the same odds three ways, exactly', () => {
    expect(inEvery('2.50')).toEqual({ decimal: '2.50', american: '+150', fractional: '3/2' });
    expect(inEvery('1.50')).toEqual({ decimal: '1.50', american: '-200', fractional: '1/2' });
    expect(inEvery('-110')).toEqual({ decimal: '1.91', american: '-110', fractional: '10/11' });
    expect(inEvery('+100')).toEqual({ decimal: '2.00', american: '+100', fractional: '1/1' });
    expect(inEvery('15/8')).toEqual({ decimal: '2.88', american: '+188', fractional: '15/8' });
    expect(inEvery('1.01')).toEqual({ decimal: '1.01', american: '-10000', fractional: '1/100' });
  });

  it("reads the API's six-place decimals as the odds they came from", () => {
    expect(inEvery('1.909091')).toEqual({ decimal: '1.91', american: '-110', fractional: '10/11' });
    expect(inEvery('2.500000')).toEqual({ decimal: '2.50', american: '+150', fractional: '3/2' });
  });

  it('keeps fractions to a denominator of 100 at most', () => {
    // A parlay's 6.957926: 5.957926 to one, nearest with a small denominator (566/95 = 5.957895).
    expect(displayOdds('6.957926', 'fractional')).toBe('566/95');
    expect(formatOdds(rational(1234567n, 1000000n), 'fractional')).toBe('19/81');
  });

  it('leaves text that is not odds alone', () => {
    expect(displayOdds('n/a', 'american')).toBe('n/a');
  });

  it('reads a stored preference, decimal by default', () => {
    expect(oddsFormatOf('american')).toBe('american');
    expect(oddsFormatOf('fractional')).toBe('fractional');
    expect(oddsFormatOf(undefined)).toBe('decimal');
    expect(oddsFormatOf('moneyline')).toBe('decimal');
  });
});

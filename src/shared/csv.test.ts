import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvHeader, csvRow, escapeFormula, quoteField } from './csv.ts';
import { parseCsv } from './csv-read.ts';

describe('CSV', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+150', "'+150"],
    ['-110', "'-110"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['2.5', '2.5'],
    ['Arsenal = favourites', 'Arsenal = favourites'],
    ['', ''],
  ])('escapes a formula start: %j → %j', (text, expected) => {
    expect(escapeFormula(text)).toBe(expected);
  });

  it('quotes by RFC 4180 only when needed, doubling quotes', () => {
    expect(quoteField('plain')).toBe('plain');
    expect(quoteField('a,b')).toBe('"a,b"');
    expect(quoteField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteField('two\nlines')).toBe('"two\nlines"');
    expect(quoteField('cr\r')).toBe('"cr\r"');
  });

  it('escapes text cells but writes plain cells (numbers, dates) as they are', () => {
    expect(
      csvRow([{ text: '-10 on "Reds", maybe' }, { plain: '-10.00' }, null, { plain: '2026-05-01T18:00:00.000Z' }]),
    ).toBe(`"'-10 on ""Reds"", maybe",-10.00,,2026-05-01T18:00:00.000Z\r\n`);
    expect(csvHeader(['id', 'amount'])).toBe('id,amount\r\n');
  });

  it('reads back what it writes, for any text (after the formula quote)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const text = UTF8_BOM + rows.map((r) => csvRow(r.map((t) => ({ text: t })))).join('');
          expect(parseCsv(text)).toEqual(rows.map((r) => r.map(escapeFormula)));
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { STAKE_MESSAGES, INVALID_ODDS_MESSAGE } from '../../../shared/bets.ts';
import { IMPORT_MESSAGES, parseImportDate, rowKey, type CheckedRow } from '../../../shared/import-history.ts';
import { csvRecords } from './csv-records.ts';
import { readUpload } from './queries.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const HEADER = 'date,description,sport,stake,odds,result';

/** A file's text as an upload's body, in chunks of `size` characters. */
const bodyOf = (text: string, size = Math.max(1, text.length)) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < text.length; i += size) controller.enqueue(new TextEncoder().encode(text.slice(i, i + size)));
      controller.close();
    },
  });

/** The file read as an upload is (queries.ts readUpload). */
const checkCsvText = (text: string, now: Date) => readUpload(bodyOf(text), now);

const check = async (text: string) => {
  const result = await checkCsvText(text, NOW);
  if (!result.ok) throw new Error(result.error);
  return result;
};

const recordsOf = async (text: string, size?: number) => {
  const records: string[][] = [];
  for await (const { fields } of csvRecords(bodyOf(text, size))) records.push(fields);
  return records;
};
const errorsOf = (rows: CheckedRow[]) =>
  rows.filter((r): r is Extract<CheckedRow, { ok: false }> => !r.ok).map((r) => [r.row, r.errors]);

describe('reading CSV as it arrives (csv-parse)', () => {
  it('gives the same records whatever the chunks, with quotes, CRLF, LF, CR and a BOM', async () => {
    const text = '\uFEFFa,"b, with comma","say ""hi"""\r\n"multi\r\nline",x,\ny,z,"q"\rlast,1,2';
    const expected = await recordsOf(text);
    expect(expected).toEqual([
      ['a', 'b, with comma', 'say "hi"'],
      ['multi\r\nline', 'x', ''],
      ['y', 'z', 'q'],
      ['last', '1', '2'],
    ]);
    for (const size of [1, 2, 3, 7]) expect(await recordsOf(text, size), `chunks of ${size}`).toEqual(expected);
  });

  it('keeps a quote inside an unquoted field as text, and refuses a quote left open', async () => {
    expect(await recordsOf('5"2 guard,b\r\n')).toEqual([['5"2 guard', 'b']]);
    expect(await checkCsvText(`${HEADER}\r\n2024-03-01,"open,football,10,2.0,won\r\n`, NOW)).toEqual({
      ok: false,
      status: 400,
      error: IMPORT_MESSAGES.unclosedQuote,
      read: 0,
    });
  });
});

describe('dates', () => {
  it('reads a date, a date-time with or without an offset, and refuses what the calendar lacks', async () => {
    expect(parseImportDate('2024-03-15')?.toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect(parseImportDate('2024-03-15T19:30:00Z')?.toISOString()).toBe('2024-03-15T19:30:00.000Z');
    expect(parseImportDate('2024-03-15 19:30')?.toISOString()).toBe('2024-03-15T19:30:00.000Z');
    expect(parseImportDate('2024-03-15T19:30:00-05:00')?.toISOString()).toBe('2024-03-16T00:30:00.000Z');
    expect(parseImportDate('2024-03-15T19:30:00.123456Z')?.toISOString()).toBe('2024-03-15T19:30:00.123Z');
    for (const bad of [
      '2024-02-30',
      '2023-02-29',
      '15/03/2024',
      '03/15/2024',
      'yesterday',
      '2024-13-01',
      '2024-03-15T25:00Z',
    ])
      expect(parseImportDate(bad), bad).toBeNull();
    expect(parseImportDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});

describe('the spreadsheet layout', () => {
  it('reads every field, normalised, with the profit the result gives', async () => {
    const { format, rows } = await check(
      `${HEADER}\r\n` +
        '2024-03-15,"Chiefs -3, first half",Football,$110,-110,Won\r\n' +
        '2024-03-16T18:00:00Z,Lakers ML,basketball,25.5,5/2,loss\r\n' +
        '2024-03-17,Draw,soccer,10,3.4,push\r\n' +
        '2024-12-20,Future pick,tennis,5,+150,pending\r\n',
    );
    expect(format).toBe('generic');
    expect(rows).toEqual([
      {
        row: 2,
        ok: true,
        bet: {
          eventDate: '2024-03-15T00:00:00.000Z',
          description: 'Chiefs -3, first half',
          sport: 'football',
          amount: '110.00',
          odds: '-110',
          decimalOdds: '1.909091',
          status: 'won',
          profitLoss: '100.00',
        },
      },
      {
        row: 3,
        ok: true,
        bet: {
          eventDate: '2024-03-16T18:00:00.000Z',
          description: 'Lakers ML',
          sport: 'basketball',
          amount: '25.50',
          odds: '5/2',
          decimalOdds: '3.500000',
          status: 'lost',
          profitLoss: '-25.50',
        },
      },
      {
        row: 4,
        ok: true,
        bet: expect.objectContaining({ status: 'void', profitLoss: '0.00', decimalOdds: '3.400000' }),
      },
      { row: 5, ok: true, bet: expect.objectContaining({ status: 'pending', profitLoss: null }) },
    ]);
  });

  it('names each bad row by its spreadsheet row number, every problem of the row said', async () => {
    const { rows } = await check(
      `${HEADER}\n` +
        '2024-03-01,Fine,soccer,10,2.0,won\n' +
        '2024-03-01,Too few,soccer,10\n' +
        '2024-02-30,Bad date,soccer,10,2.0,won\n' +
        '2024-03-01,Bad odds,soccer,10,abc,won\n' +
        '2024-03-01,Negative,soccer,-5,2.0,won\n' +
        '2024-03-01,Bad result,soccer,10,2.0,maybe\n' +
        '\n' +
        ',,curling,0,1.0,\n' +
        '2027-01-01,Future win,soccer,10,2.0,won\n' +
        '2024-03-01,Extra,soccer,10,2.0,won,oops\n' +
        '2024-03-01,Two legs,Parlay,10,3.5,won\n',
    );
    expect(rows.filter((r) => r.ok).map((r) => r.row)).toEqual([2]);
    expect(errorsOf(rows)).toEqual([
      [3, ['Expected 6 columns, found 4']],
      [4, [IMPORT_MESSAGES.date]],
      [5, [INVALID_ODDS_MESSAGE]],
      [6, [STAKE_MESSAGES.tooSmall]],
      [7, [IMPORT_MESSAGES.result]],
      // Row 8 is blank and skipped; row 9 has every field wrong.
      [
        9,
        [
          IMPORT_MESSAGES.dateRequired,
          'Description is required',
          'Sport must be one of football, basketball, baseball, soccer, tennis, mma, other',
          STAKE_MESSAGES.tooSmall,
          INVALID_ODDS_MESSAGE,
          IMPORT_MESSAGES.resultRequired,
        ],
      ],
      [10, [IMPORT_MESSAGES.settledInFuture]],
      [11, ['Expected 6 columns, found 7']],
      [12, [IMPORT_MESSAGES.parlay]],
    ]);
  });

  it('finds the columns by name in any order, and refuses a file without the header', async () => {
    const { rows } = await check('Result,Odds,Stake,Sport,Description,Date\r\nwon,2.0,10,soccer,X,2024-03-01\r\n');
    expect(rows[0]).toMatchObject({ ok: true, bet: { description: 'X', amount: '10.00', status: 'won' } });
    expect(await checkCsvText('2024-03-01,X,soccer,10,2.0,won\r\n', NOW)).toEqual({
      ok: false,
      status: 400,
      error: IMPORT_MESSAGES.noHeader,
      read: 0,
    });
    expect(await checkCsvText(`${HEADER}\r\n\r\n`, NOW)).toEqual({
      ok: false,
      status: 400,
      error: IMPORT_MESSAGES.empty,
      read: 0,
    });
  });
});

describe('our own export', () => {
  it("reads betproof's CSV export, undoing its formula escape", async () => {
    const exported =
      '\uFEFFid,description,sport,odds,decimal_odds,amount,potential_win,status,profit_loss,event_date,settled_at,created_at,amount_units,profit_loss_units\r\n' +
      "0b6c4a8e-1111-4f0e-9c61-3c2a1d4b5e6f,'=SUM(A1) special,soccer,'-110,1.909091,110.00,210.00,won,100.00,2024-03-15T19:00:00.000Z,2024-03-15T22:00:00.000Z,2024-03-14T10:00:00.000Z,,\r\n";
    const { format, rows } = await check(exported);
    expect(format).toBe('betproof');
    expect(rows).toEqual([
      {
        row: 2,
        ok: true,
        bet: {
          eventDate: '2024-03-15T19:00:00.000Z',
          description: '=SUM(A1) special',
          sport: 'soccer',
          amount: '110.00',
          odds: '-110',
          decimalOdds: '1.909091',
          status: 'won',
          profitLoss: '100.00',
        },
      },
    ]);
  });
});

describe('the row key', () => {
  it('is the same for the same bet written differently, and differs when a field does', async () => {
    const a = (await check(`${HEADER}\r\n2024-03-15,X,Soccer,10,2.0,won\r\n`)).rows[0]!;
    const b = (await check(`${HEADER}\n2024-03-15T00:00:00Z, X ,soccer,10.00,2.0,WON\n`)).rows[0]!;
    const c = (await check(`${HEADER}\n2024-03-15,X,soccer,10.01,2.0,won\n`)).rows[0]!;
    if (!a.ok || !b.ok || !c.ok) throw new Error('rows should be valid');
    expect(rowKey(a.bet)).toBe(rowKey(b.bet));
    expect(rowKey(a.bet)).not.toBe(rowKey(c.bet));
  });
});

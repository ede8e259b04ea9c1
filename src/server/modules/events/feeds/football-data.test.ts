import { describe, expect, it } from 'vitest';
import { MAX_FEED_EVENTS } from './limits.ts';
import { parseFeed } from './index.ts';
import { fixture } from './test-fixtures.ts';
import type { FeedEvent } from './types.ts';

const e0 = fixture('football-data-E0-2024-25-excerpt.csv');
const lines = e0.split('\r\n');
const header = lines[0]!;
/** The file with line `n` (1 = the first match) changed by `edit` on its comma-separated cells. */
const withCells = (n: number, edit: (cells: string[]) => void) => {
  const copy = [...lines];
  const cells = copy[n]!.split(',');
  edit(cells);
  copy[n] = cells.join(',');
  return copy.join('\r\n');
};
const price = (event: FeedEvent | undefined, p: Omit<FeedEvent['prices'][number], 'odds'>) =>
  event?.prices.find(
    (q) =>
      q.bookmaker === p.bookmaker &&
      q.kind === p.kind &&
      q.market === p.market &&
      q.selection === p.selection &&
      q.line === p.line,
  )?.odds;

describe('football-data.co.uk: E0.csv 2024/25 as published (its first 29 matches)', () => {
  const { events, rowErrors } = parseFeed('football-data', e0, {});

  it('reads every match as final with its UTC start: the times are UK time', () => {
    expect(rowErrors).toEqual([]);
    expect(events).toHaveLength(29);
    expect(events.every((e) => e.status === 'final' && e.sport === 'soccer' && e.competition === 'E0')).toBe(true);
    const { prices, ...first } = events[0]!;
    expect(first).toEqual({
      sourceId: '["E0","2024-08-16","Man United","Fulham"]',
      sport: 'soccer',
      competition: 'E0',
      home: 'Man United',
      away: 'Fulham',
      startsAt: '2024-08-16T19:00:00Z',
      status: 'final',
      score: { home: 1, away: 0 },
    });
    // 1X2, totals and Asian handicap of every bookmaker and figure, before and at the close, but for
    // the closing Asian handicap: its line, AHCh, is -0.75, a quarter line.
    expect(prices).toHaveLength(84);
    expect(events.find((e) => e.home === 'Wolves' && e.away === 'Chelsea')).toMatchObject({
      startsAt: '2024-08-25T13:00:00Z',
      score: { home: 2, away: 6 },
    });
  });

  it("keeps the bookmakers' prices by market, selection and line, before the match and at the close", () => {
    const first = events[0];
    expect(price(first, { bookmaker: 'B365', kind: 'pre', market: '1x2', selection: 'home' })).toBe('1.6');
    expect(price(first, { bookmaker: 'Avg', kind: 'pre', market: '1x2', selection: 'away' })).toBe('5.15');
    expect(price(first, { bookmaker: 'PS', kind: 'closing', market: '1x2', selection: 'home' })).toBe('1.65');
    expect(price(first, { bookmaker: 'Max', kind: 'closing', market: '1x2', selection: 'draw' })).toBe('4.33');
    expect(price(first, { bookmaker: 'PS', kind: 'pre', market: 'total', selection: 'over', line: 2.5 })).toBe('1.56');
    expect(price(first, { bookmaker: 'Avg', kind: 'closing', market: 'total', selection: 'under', line: 2.5 })).toBe(
      '2.37',
    );
    expect(price(first, { bookmaker: 'B365', kind: 'pre', market: 'spread', selection: 'home', line: -1 })).toBe(
      '2.05',
    );
    expect(first?.prices.filter((p) => p.market === 'spread' && p.kind === 'closing')).toEqual([]);
    // Man City v Ipswich: Betfair Exchange's pre-match totals cells are blank: no price; its closing ones are not.
    const city = events.find((e) => e.home === 'Man City' && e.away === 'Ipswich');
    expect(
      city?.prices
        .filter((p) => p.bookmaker === 'BFE' && p.market === 'total')
        .map((p) => [p.kind, p.selection, p.odds]),
    ).toEqual([
      ['closing', 'over', '1.33'],
      ['closing', 'under', '4'],
    ]);
    expect(price(city, { bookmaker: 'B365', kind: 'pre', market: '1x2', selection: 'home' })).toBe('1.08');
  });

  it('reads the times in another zone when the import names one', () => {
    const utc = parseFeed('football-data', e0, { timezone: 'UTC', competition: 'Premier League' }).events[0];
    expect(utc).toMatchObject({ startsAt: '2024-08-16T20:00:00Z', competition: 'Premier League' });
  });
});

describe('football-data.co.uk: what a file must say', () => {
  it('refuses a result that contradicts the goals, naming the row, the column and the values', () => {
    const parsed = parseFeed(
      'football-data',
      withCells(3, (c) => (c[7] = 'A')),
      {},
    );
    expect(parsed).toEqual({
      events: [],
      rowErrors: [{ row: 3, message: 'FTR is "A" but FTHG 2 and FTAG 0 make it "H"' }],
    });
  });

  it('reports every bad cell of every row, and imports nothing', () => {
    let text = withCells(1, (c) => (c[1] = '31/02/2024'));
    text = text.replace(/^(E0,17\/08\/2024,12:30,Ipswich,Liverpool,)0,/m, '$1x,');
    const lines2 = text.split('\r\n');
    const cells = lines2[5]!.split(',');
    cells[24] = '1;6';
    cells[2] = '25:00';
    lines2[5] = cells.join(',');
    const parsed = parseFeed('football-data', lines2.join('\r\n'), {});
    expect(parsed.events).toEqual([]);
    expect(parsed.rowErrors).toEqual([
      { row: 1, message: 'Date is not a dd/mm/yy or dd/mm/yyyy date: "31/02/2024"' },
      { row: 2, message: 'FTHG is not a goal count: "x"' },
      { row: 5, message: 'Date and Time 2024-08-17 25:00 in Europe/London: no such date or time' },
      { row: 5, message: 'B365H is not decimal odds above 1: "1;6"' },
    ]);
  });

  it('reads an older season: two-digit years, no Time column, Betbrain columns', () => {
    const older = [
      'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,B365H,B365D,B365A,BbMxH,BbAvH,BbAHh,BbMxAHH,BbAvAHA',
      'E0,13/08/05,Aston Villa,Bolton,2,2,D,2,2,D,2.2,3.2,3.25,2.3,2.17,-0.5,1.85,1.93',
      ',,,,,,,,,,,,,,,,,',
    ].join('\n');
    const parsed = parseFeed('football-data', older, {});
    expect(parsed.rowErrors).toEqual([]);
    expect(parsed.events).toEqual([
      {
        sourceId: '["E0","2005-08-13","Aston Villa","Bolton"]',
        sport: 'soccer',
        competition: 'E0',
        home: 'Aston Villa',
        away: 'Bolton',
        startsAt: null,
        status: 'final',
        score: { home: 2, away: 2 },
        prices: [
          { bookmaker: 'B365', kind: 'pre', market: '1x2', selection: 'home', odds: '2.2' },
          { bookmaker: 'B365', kind: 'pre', market: '1x2', selection: 'draw', odds: '3.2' },
          { bookmaker: 'B365', kind: 'pre', market: '1x2', selection: 'away', odds: '3.25' },
          { bookmaker: 'BbMx', kind: 'pre', market: '1x2', selection: 'home', odds: '2.3' },
          { bookmaker: 'BbAv', kind: 'pre', market: '1x2', selection: 'home', odds: '2.17' },
          { bookmaker: 'BbMx', kind: 'pre', market: 'spread', selection: 'home', line: -0.5, odds: '1.85' },
          { bookmaker: 'BbAv', kind: 'pre', market: 'spread', selection: 'away', line: -0.5, odds: '1.93' },
        ],
      },
    ]);
  });

  it('reads a fixtures file (no result yet) as scheduled', () => {
    const fixtures = `${header}\r\nE0,26/12/2024,15:00,Arsenal,Ipswich,,,,,,,,,,,,,,,,,,,,2.1,3.4,3.5`;
    const [event] = parseFeed('football-data', fixtures, {}).events;
    expect(event).toMatchObject({ status: 'scheduled', score: null, startsAt: '2024-12-26T15:00:00Z' });
  });

  it('refuses a file without the columns of a results file, or with more matches than the cap', () => {
    expect(parseFeed('football-data', 'Date,Home,Away\n01/01/2025,A,B\n', {}).rowErrors).toEqual([
      { row: 0, message: 'the header has no Div, FTHG, FTAG column: is this a football-data.co.uk results file?' },
    ]);
    const row = 'E0,01/01/2025,A,B,1,0,H';
    const huge = [
      'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR',
      ...Array.from({ length: MAX_FEED_EVENTS + 1 }, () => row),
    ];
    expect(parseFeed('football-data', huge.join('\n'), {}).rowErrors).toEqual([
      { row: 0, message: `the file has more than ${MAX_FEED_EVENTS} matches` },
    ]);
    expect(parseFeed('football-data', `${header}\n"unclosed`, {}).rowErrors[0]?.message).toMatch(
      /^the file is not a readable CSV/,
    );
  });
});

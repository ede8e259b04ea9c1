/**
 * football-data.co.uk's results files (`mmz4281/<season>/<Div>.csv`, and `fixtures.csv` for matches
 * still to play), read with csv-parse. One line per match: `Div, Date, Time, HomeTeam, AwayTeam,
 * FTHG, FTAG, FTR`, match statistics, and the bookmakers' prices: 1X2 (`B365H/D/A`, `PSH/D/A`,
 * `MaxH/D/A`, `AvgH/D/A`…), totals over/under 2.5 (`B365>2.5`, `P<2.5`…) and Asian handicap
 * (`AHh` with `B365AHH/AHA`…), each again at the close (`B365CH`, `PSCH`, `AvgC>2.5`, `AHCh`,
 * `PCAHH`…). Older files name a few columns differently (`HG`, `AG`, `Res`; Betbrain's `BbMxH`,
 * `BbAvH`, `BbAHh`) and date with two-digit years (dd/mm/yy); both are read.
 *
 * football-data.co.uk's notes.txt says only "Time = Time of match kick off": the times are UK
 * wall-clock times (a Bundesliga 15:30 kick-off is listed at 14:30, and the Premier League's at
 * their British times), so they are read in Europe/London unless the import names another zone.
 * The file has no match ids: the source id is the division, the date and the two teams.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { MAX_CSV_COLUMNS, MAX_CSV_RECORD_CHARS, MAX_FEED_EVENTS, MAX_NAME_CHARS } from './limits.ts';
import { isTimeZone, localToUtc } from './local-time.ts';
import { shown, type RowErrors } from './row-errors.ts';
import { FeedParse } from './feed-parse.ts';
import type { FeedPrice, ParsedFeed, ParseOptions } from './types.ts';

/** The zone of football-data.co.uk's times (see above). */
export const FOOTBALL_DATA_TIME_ZONE = 'Europe/London';

/** The format's own column names for the match, today's first, then older files' synonyms. */
const COLUMNS = {
  Div: ['Div', 'League'],
  Date: ['Date'],
  Time: ['Time'],
  HomeTeam: ['HomeTeam', 'Home'],
  AwayTeam: ['AwayTeam', 'Away'],
  FTHG: ['FTHG', 'HG'],
  FTAG: ['FTAG', 'AG'],
  FTR: ['FTR', 'Res'],
} as const;
type MatchColumn = keyof typeof COLUMNS;

/** The bookmakers (and market figures) whose 1X2 prices have columns `<code>H/D/A` and `<code>CH/CD/CA`. */
const BOOKMAKERS_1X2 = [
  'B365',
  'BW',
  'BF',
  'BFE',
  'BS',
  'GB',
  'IW',
  'LB',
  'PS',
  'SJ',
  'SO',
  'SB',
  'SY',
  'VC',
  'WH',
  '1XB',
  'Max',
  'Avg',
  'BbMx',
  'BbAv',
];
/** Totals and Asian handicap columns use these codes (`P` is Pinnacle, `PS` in the 1X2 columns). */
const BOOKMAKERS_TOTALS_AH = ['B365', 'P', 'BFE', 'Max', 'Avg', 'BbMx', 'BbAv'];
/** One name per bookmaker across markets. */
const BOOKMAKER_NAMES: Record<string, string> = { P: 'PS' };

/** Where each price column's figure goes. */
interface PriceColumn {
  index: number;
  name: string;
  price: Omit<FeedPrice, 'odds' | 'line'>;
  /** The column holding the handicap line (`AHh`, `AHCh`, `BbAHh`), for Asian handicap prices. */
  lineIndex?: number;
}

export function parse(text: string, options: ParseOptions = {}): ParsedFeed {
  const feed = new FeedParse();
  const { errors } = feed;
  const tooLarge = feed.tooLarge(text);
  if (tooLarge) return tooLarge;
  const timeZone = options.timezone ?? FOOTBALL_DATA_TIME_ZONE;
  if (!isTimeZone(timeZone)) return feed.fail(`timezone ${shown(timeZone)} is not an IANA time zone name`);

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      max_record_size: MAX_CSV_RECORD_CHARS,
      // The header, the most matches read, and one more to tell that there are too many.
      to: MAX_FEED_EVENTS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return feed.fail(`the file is not a readable CSV${line ? ` (line ${line})` : ''}: ${(err as Error).message}`);
  }
  const [head, ...rows] = records;
  if (!head) return feed.fail('the file is empty');
  if (rows.length > MAX_FEED_EVENTS) return feed.fail(`the file has more than ${MAX_FEED_EVENTS} matches`);
  const header = head.record;
  if (header.length > MAX_CSV_COLUMNS)
    return feed.fail(`the header has ${header.length} columns; at most ${MAX_CSV_COLUMNS}`);

  const at = {} as Record<MatchColumn, number>;
  for (const [column, names] of Object.entries(COLUMNS) as [MatchColumn, readonly string[]][]) {
    at[column] = header.findIndex((h) => names.includes(h));
  }
  const missing: MatchColumn[] = (['Date', 'HomeTeam', 'AwayTeam', 'FTHG', 'FTAG'] as const).filter((c) => at[c] < 0);
  if (at.Div < 0 && !options.competition) missing.unshift('Div');
  if (missing.length) {
    return feed.fail(`the header has no ${missing.join(', ')} column: is this a football-data.co.uk results file?`);
  }
  const prices = priceColumns(header);

  for (const { record, info } of rows) {
    // The line number after the header (csv-parse counts lines from 1, the header's included).
    const row = info.lines - 1;
    const before = errors.count;
    const cell = (column: MatchColumn) => (at[column] >= 0 ? (record[at[column]] ?? '') : '');

    const competition = options.competition?.trim() || cell('Div');
    if (!competition || competition.length > MAX_NAME_CHARS)
      errors.add(row, `Div is not a division: ${shown(cell('Div'))}`);
    const home = cell('HomeTeam');
    const away = cell('AwayTeam');
    if (!home || home.length > MAX_NAME_CHARS) errors.add(row, `HomeTeam is not a team name: ${shown(home)}`);
    if (!away || away.length > MAX_NAME_CHARS) errors.add(row, `AwayTeam is not a team name: ${shown(away)}`);
    const date = isoDate(cell('Date'));
    if (!date) errors.add(row, `Date is not a dd/mm/yy or dd/mm/yyyy date: ${shown(cell('Date'))}`);
    let startsAt: string | null = null;
    const time = cell('Time');
    if (date && time) {
      const utc = /^\d{1,2}:\d{2}$/.test(time) ? localToUtc(date, time.padStart(5, '0'), timeZone) : null;
      if (!utc) errors.add(row, `Time is not a HH:MM time: ${shown(time)}`);
      else if (!utc.ok) errors.add(row, `Date and Time ${date} ${time} in ${timeZone}: ${utc.reason}`);
      else startsAt = utc.utc;
    }
    const score = scoreOf(row, cell('FTHG'), cell('FTAG'), cell('FTR'), errors);
    const eventPrices = pricesOf(row, record, prices, errors);
    if (errors.count > before || !date) continue;

    feed.add(
      row,
      {
        sourceId: JSON.stringify([competition, date, home, away]),
        sport: 'soccer',
        competition,
        home,
        away,
        startsAt,
        status: score ? 'final' : 'scheduled',
        score,
        prices: eventPrices,
      },
      (earlier) => `the same match as row ${earlier}: ${home} v ${away} on ${date}`,
    );
  }
  return feed.result();
}

/** dd/mm/yyyy or dd/mm/yy (older seasons; 70–99 are the 1900s) as YYYY-MM-DD, if a real date. */
function isoDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  const year = m[3]!.length === 4 ? +m[3]! : +m[3]! + (+m[3]! >= 70 ? 1900 : 2000);
  const [month, day] = [+m[2]!, +m[1]!];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Full-time goals and result, which must agree; none of the three: the match is still to play. */
function scoreOf(row: number, fthg: string, ftag: string, ftr: string, errors: RowErrors) {
  if (!fthg && !ftag && !ftr) return null;
  const goals = (v: string) => (/^\d{1,3}$/.test(v) ? Number(v) : null);
  const [home, away] = [goals(fthg), goals(ftag)];
  if (home === null) errors.add(row, `FTHG is not a goal count: ${shown(fthg)}`);
  if (away === null) errors.add(row, `FTAG is not a goal count: ${shown(ftag)}`);
  if (home === null || away === null) return null;
  const result = home > away ? 'H' : home < away ? 'A' : 'D';
  if (ftr && ftr !== result) {
    errors.add(row, `FTR is ${shown(ftr)} but FTHG ${home} and FTAG ${away} make it "${result}"`);
    return null;
  }
  return { home, away };
}

/** The header's price columns, each with the market, selection, kind and bookmaker it holds. */
function priceColumns(header: string[]): PriceColumn[] {
  const index = new Map(header.map((name, i) => [name, i]));
  const columns: PriceColumn[] = [];
  const add = (name: string, price: PriceColumn['price'], lineColumn?: string) => {
    const i = index.get(name);
    if (i === undefined) return;
    const lineIndex = lineColumn === undefined ? undefined : index.get(lineColumn);
    if (lineColumn !== undefined && lineIndex === undefined) return;
    columns.push({ index: i, name, price, ...(lineIndex === undefined ? {} : { lineIndex }) });
  };
  for (const [kind, c] of [
    ['pre', ''],
    ['closing', 'C'],
  ] as const) {
    for (const code of BOOKMAKERS_1X2) {
      const bookmaker = BOOKMAKER_NAMES[code] ?? code;
      add(`${code}${c}H`, { bookmaker, kind, market: '1x2', selection: 'home' });
      add(`${code}${c}D`, { bookmaker, kind, market: '1x2', selection: 'draw' });
      add(`${code}${c}A`, { bookmaker, kind, market: '1x2', selection: 'away' });
    }
    for (const code of BOOKMAKERS_TOTALS_AH) {
      const bookmaker = BOOKMAKER_NAMES[code] ?? code;
      add(`${code}${c}>2.5`, { bookmaker, kind, market: 'total', selection: 'over' });
      add(`${code}${c}<2.5`, { bookmaker, kind, market: 'total', selection: 'under' });
      // Betbrain's older columns share one line, BbAHh; today's, AHh and AHCh.
      const line = code.startsWith('Bb') ? 'BbAHh' : `AH${c}h`;
      add(`${code}${c}AHH`, { bookmaker, kind, market: 'spread', selection: 'home' }, line);
      add(`${code}${c}AHA`, { bookmaker, kind, market: 'spread', selection: 'away' }, line);
    }
  }
  return columns;
}

/** The row's prices: a blank cell is a price not offered; anything else must be decimal odds. */
function pricesOf(row: number, record: string[], columns: PriceColumn[], errors: RowErrors): FeedPrice[] {
  const prices: FeedPrice[] = [];
  for (const column of columns) {
    const odds = record[column.index] ?? '';
    if (!odds) continue;
    if (!/^\d{1,4}(\.\d{1,4})?$/.test(odds) || Number(odds) <= 1) {
      errors.add(row, `${column.name} is not decimal odds above 1: ${shown(odds)}`);
      continue;
    }
    if (column.price.market === 'total') {
      prices.push({ ...column.price, line: 2.5, odds });
      continue;
    }
    if (column.lineIndex !== undefined) {
      const lineText = record[column.lineIndex] ?? '';
      const line = /^[+-]?\d{1,3}(\.\d{1,2})?$/.test(lineText) ? Number(lineText) : null;
      if (line === null || Math.round(line * 4) !== line * 4) {
        errors.add(row, `${lineColumnName(column)} is not a handicap in quarters of a goal: ${shown(lineText)}`);
        continue;
      }
      // A quarter line (-0.75) is two bets, half on each neighbouring line: no market betproof
      // grades, so its prices are left out (docs/FEEDS.md).
      if (!isHalfLine(line)) continue;
      prices.push({ ...column.price, line, odds });
      continue;
    }
    prices.push({ ...column.price, odds });
  }
  return prices;
}

function lineColumnName(column: PriceColumn) {
  return column.name.startsWith('Bb') ? 'BbAHh' : column.price.kind === 'closing' ? 'AHCh' : 'AHh';
}

/** A whole or half line (the catalog's lines); quarter lines are Asian split handicaps. */
export function isHalfLine(line: number) {
  return Number.isInteger(line * 2);
}

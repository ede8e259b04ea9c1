/**
 * Importing a bet history from CSV (docs/decisions/009): reading the file as it
 * arrives, recognising its layout (our own export, or a spreadsheet with the header
 * `date,description,sport,stake,odds,result`) and checking each row with the record-bet form's
 * own schemas and messages. Pure and isomorphic: the server runs it on the upload, tests on text.
 */
import { STAKE_MESSAGES } from './bets.ts';
import { amountSchema, descriptionSchema, oddsSchema, sportSchema } from './bet-schemas.ts';
import type { BetStatus, Sport } from './bets.ts';
import { PARLAY_SPORT } from './parlays.ts';
import { formatCents, parseMoney, potentialWinCents, settlementProfitCents } from './money.ts';
import { decimalOddsString, parseOdds } from './odds.ts';
import { formatWholeNumber } from './number-format.ts';

/** The most bets one file may hold. */
export const IMPORT_MAX_ROWS = 10_000;
/**
 * The most bytes one file may hold: 10,000 rows of our own export with 500-character descriptions
 * (every character a doubled quote at worst) fit, with room to spare.
 */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Bounds on one row, checked as the file streams in (server/modules/imports/csv-records.ts): the
 * first row past one stops the reading. Our own export has 15 columns; a description is at most
 * 500 characters (twice that with every quote doubled), a parlay's legs cell a few thousand.
 */
export const IMPORT_MAX_COLUMNS = 32;
export const IMPORT_MAX_FIELD_CHARS = 10_000;
/** Characters of one row as written in the file (quotes and commas included). */
export const IMPORT_MAX_ROW_CHARS = 20_000;
/**
 * Imported bets one account may hold in all (docs/SECURITY.md): five full files. Each file also
 * counts against the write quota, one write per IMPORT_ROWS_PER_WRITE rows read (at least one),
 * whether the file is then stored, previewed or refused.
 */
export const IMPORTED_BETS_MAX = 50_000;
export const IMPORT_ROWS_PER_WRITE = 1_000;
/** The writes an import that read `rows` rows counts for: one per IMPORT_ROWS_PER_WRITE begun, at least one. */
export const importWrites = (rows: number) => Math.max(1, Math.ceil(rows / IMPORT_ROWS_PER_WRITE));

/** The spreadsheet layout, in its header's order. */
export const GENERIC_IMPORT_COLUMNS = ['date', 'description', 'sport', 'stake', 'odds', 'result'] as const;
/** The columns of our own export (profiles/export.ts) an import reads; the others are ours to recompute. */
const EXPORT_IMPORT_COLUMNS = ['event_date', 'description', 'sport', 'amount', 'odds', 'status'] as const;

export type ImportFormat = 'betproof' | 'generic';
type Field = 'date' | 'description' | 'sport' | 'stake' | 'odds' | 'result';

export const IMPORT_MESSAGES = {
  noHeader: `The first row must be the header ${GENERIC_IMPORT_COLUMNS.join(',')} (or a betproof CSV export's header)`,
  empty: 'The file holds no bets',
  tooManyRows: `A file may hold at most ${formatWholeNumber(IMPORT_MAX_ROWS)} bets; split it and import each part`,
  tooLarge: `A file may be at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB`,
  tooManyColumns: (row: number) =>
    `Row ${row} has more than ${IMPORT_MAX_COLUMNS} fields: a file may have at most ${IMPORT_MAX_COLUMNS} columns`,
  fieldTooLong: (row: number) =>
    `Row ${row} has a field longer than ${formatWholeNumber(IMPORT_MAX_FIELD_CHARS)} characters`,
  rowTooLong: (row: number) => `Row ${row} is longer than ${formatWholeNumber(IMPORT_MAX_ROW_CHARS)} characters`,
  overTotal: (held: number, adding: number) =>
    `An account may hold at most ${formatWholeNumber(IMPORTED_BETS_MAX)} imported bets: you have ${formatWholeNumber(held)}, and this file would add ${formatWholeNumber(adding)}`,
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again',
  unclosedQuote: 'A quoted field is not closed (a " is missing)',
  date: 'Date must be a date such as 2024-03-15 or 2024-03-15T19:00:00Z',
  dateRequired: 'Date is required',
  settledInFuture: 'A settled bet cannot have a date in the future',
  tooFarAhead: 'Date must be at most 2 years ahead',
  resultRequired: 'Result is required',
  result: 'Result must be won, lost, void (or push) or pending',
  parlay:
    'Parlays are not imported (a row holds no legs of its own): record the parlay, or import each leg as a bet of its own',
  duplicateInFile: (row: number) => `Duplicate of row ${row}: imported once`,
  duplicateImported: 'Already imported',
} as const;

export interface ImportLayout {
  format: ImportFormat;
  /** The number of fields each row must have: the header's. */
  columns: number;
  /** Where each field is in a row. */
  index: Record<Field, number>;
}

/** The layout a header row names, or null when it is neither ours nor the spreadsheet's. */
export function detectLayout(header: readonly string[]): ImportLayout | null {
  const names = header.map((name) => name.trim().toLowerCase());
  const find = (columns: readonly string[]) => {
    const at = columns.map((name) => names.indexOf(name));
    return at.every((i) => i >= 0) ? at : null;
  };
  const generic = find(GENERIC_IMPORT_COLUMNS);
  const ours = generic ? null : find(EXPORT_IMPORT_COLUMNS);
  const at = generic ?? ours;
  if (!at) return null;
  const [date, description, sport, stake, odds, result] = at as [number, number, number, number, number, number];
  return {
    format: generic ? 'generic' : 'betproof',
    columns: names.length,
    index: { date, description, sport, stake, odds, result },
  };
}

/** One imported bet, normalised: what is stored and what a row's hash is made of. */
export interface ImportedBetInput {
  /** The event's date-time, ISO 8601 UTC. */
  eventDate: string;
  description: string;
  sport: Sport;
  /** Stake, two decimals. */
  amount: string;
  /** The odds as written (trimmed). */
  odds: string;
  decimalOdds: string;
  status: BetStatus;
  /** Two decimals; null for a pending bet. */
  profitLoss: string | null;
}

export type CheckedRow =
  { row: number; ok: true; bet: ImportedBetInput } | { row: number; ok: false; errors: string[] };

/** "Row 7: Stake must be at least $0.01" (the row as a spreadsheet numbers it: the header is row 1). */
export const rowMessage = (row: number, errors: readonly string[]) => `Row ${row}: ${errors.join('; ')}`;

const RESULTS: Record<string, BetStatus> = {
  won: 'won',
  win: 'won',
  w: 'won',
  lost: 'lost',
  loss: 'lost',
  lose: 'lost',
  l: 'lost',
  void: 'void',
  push: 'void',
  'void / push': 'void',
  pending: 'pending',
  open: 'pending',
};

/**
 * Our export writes a cell a spreadsheet could run as a formula with a leading single quote
 * (shared/csv.ts escapeFormula): "'-110" is the odds -110. Undone here, for our files and for a
 * spreadsheet that kept the quote.
 */
const unescapeFormula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time; without an offset it is read as UTC (a spreadsheet's "2024-03-15 19:00"). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A date as a file may write it, or null: the calendar must hold it (no 30 February). */
export function parseImportDate(text: string): Date | null {
  const s = text.trim();
  const dateOnly = DATE_ONLY.exec(s);
  const m = dateOnly ?? DATE_TIME.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = dateOnly ? [0, 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const ms = dateOnly || !m[7] ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const back = new Date(utc);
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  const zone = dateOnly ? undefined : m[8];
  if (!zone || zone.toUpperCase() === 'Z') return back;
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(offset[2]) * 60 + Number(offset[3]);
  if (Number(offset[2]) > 23 || Number(offset[3]) > 59) return null;
  return new Date(utc - (offset[1] === '-' ? -1 : 1) * minutes * 60_000);
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? 'Invalid value';

const TWO_YEARS_MS = 2 * 366 * 24 * 60 * 60 * 1000;

/**
 * Checks one data row against the layout, with the record-bet form's messages; `row` is its
 * spreadsheet row number. Every problem of the row is reported, not only the first.
 */
export function checkRow(fields: readonly string[], layout: ImportLayout, row: number, now: Date): CheckedRow {
  if (fields.length !== layout.columns)
    return { row, ok: false, errors: [`Expected ${layout.columns} columns, found ${fields.length}`] };
  const cell = (field: Field) => fields[layout.index[field]]!;
  const errors: string[] = [];

  const dateText = cell('date').trim();
  const date = dateText === '' ? null : parseImportDate(dateText);
  if (dateText === '') errors.push(IMPORT_MESSAGES.dateRequired);
  else if (!date) errors.push(IMPORT_MESSAGES.date);

  const description = descriptionSchema.safeParse(unescapeFormula(cell('description')));
  if (!description.success) errors.push(firstMessage(description));

  const sportText = cell('sport').trim().toLowerCase();
  const sport = sportSchema.safeParse(sportText);
  if (!sport.success)
    errors.push(
      sportText === ''
        ? 'Sport is required'
        : sportText === PARLAY_SPORT
          ? IMPORT_MESSAGES.parlay
          : firstMessage(sport),
    );

  // A spreadsheet's currency cell ("$10.50") is the stake 10.50.
  const stake = amountSchema.safeParse(cell('stake').trim().replace(/^\$/, ''));
  if (!stake.success) errors.push(firstMessage(stake));

  const oddsText = unescapeFormula(cell('odds').trim());
  const odds = oddsSchema.safeParse(oddsText);
  if (!odds.success) errors.push(firstMessage(odds));

  const resultText = cell('result').trim().toLowerCase();
  const status = RESULTS[resultText];
  if (resultText === '') errors.push(IMPORT_MESSAGES.resultRequired);
  else if (!status) errors.push(IMPORT_MESSAGES.result);

  if (date && status && status !== 'pending' && date.getTime() > now.getTime())
    errors.push(IMPORT_MESSAGES.settledInFuture);
  else if (date && date.getTime() > now.getTime() + TWO_YEARS_MS) errors.push(IMPORT_MESSAGES.tooFarAhead);

  if (errors.length > 0 || !date || !status || !description.success || !sport.success || !stake.success)
    return { row, ok: false, errors };
  const parsed = parseOdds(oddsText);
  const cents = parseMoney(stake.data);
  if (!parsed.ok || cents === null) return { row, ok: false, errors: [STAKE_MESSAGES.format] };
  const profit = settlementProfitCents(status, cents, potentialWinCents(cents, parsed.decimal));
  return {
    row,
    ok: true,
    bet: {
      eventDate: date.toISOString(),
      description: description.data,
      sport: sport.data,
      amount: formatCents(cents),
      odds: oddsText,
      decimalOdds: decimalOddsString(parsed.decimal),
      status,
      profitLoss: profit === null ? null : formatCents(profit),
    },
  };
}

/**
 * What makes two rows the same bet: every field a person wrote, normalised (the date in UTC, the
 * stake in cents, the result as a status). The server hashes it (sha256) into the row hash.
 */
export const rowKey = (bet: ImportedBetInput): string =>
  JSON.stringify([bet.eventDate, bet.description, bet.sport, bet.amount, bet.odds, bet.status]);

/** A record with nothing in it (a blank line, or a spreadsheet's row of empty cells): skipped. */
export const isBlankRecord = (fields: readonly string[]) => fields.every((f) => f.trim() === '');

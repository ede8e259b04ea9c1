/**
 * CSV writing (reading is csv-read.ts): RFC 4180 (comma-separated, CRLF line ends, a field quoted when it holds a comma,
 * a double quote, CR or LF, with double quotes doubled) plus protection against formula injection
 * for fields that carry text a user typed.
 */

/** Starts a UTF-8 file so Excel reads it as UTF-8 rather than the system code page. */
export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * A spreadsheet treats a cell beginning with one of these as a formula (or, for tab and CR, may
 * strip the character and look again). OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text neutralised for spreadsheets: a value beginning with = + - @ tab or CR gets a leading
 * single quote, so it is shown as text and never evaluated.
 */
export const escapeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One field, quoted only when RFC 4180 requires it. */
export function quoteField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A cell. `text` holds what a user typed and is formula-escaped; `plain` is a value we produced
 * (a number such as -10.00, a date, an id, an enum) and is written as it is, so a negative amount
 * stays a number a spreadsheet can add up.
 */
export type CsvCell = { text: string } | { plain: string } | null;

/** One record with its CRLF; null is an empty field. */
export const csvRow = (cells: readonly CsvCell[]): string =>
  cells
    .map((cell) =>
      cell === null ? '' : 'text' in cell ? quoteField(escapeFormula(cell.text)) : quoteField(cell.plain),
    )
    .join(',') + CSV_LINE_END;

/** A header row (our own column names: written plain). */
export const csvHeader = (names: readonly string[]): string => csvRow(names.map((plain) => ({ plain })));

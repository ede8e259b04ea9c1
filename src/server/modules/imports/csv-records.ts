/**
 * Reading an uploaded CSV record by record with csv-parse (a maintained RFC 4180 parser), within
 * bounds checked as the text streams in, so no record can cost more than a few kilobytes of memory
 * or CPU: a row too long stops the reading at once (413), a row with more fields than
 * IMPORT_MAX_COLUMNS or a field longer than IMPORT_MAX_FIELD_CHARS as soon as that row is read
 * (422), each answer naming the row and the limit.
 *
 * csv-parse's `max_record_size` counts the characters of a record's fields, not its delimiters: a
 * row of a million commas holds a million empty fields and would pass it. So a physical line (what
 * lies between two line breaks) is held to the same IMPORT_MAX_ROW_CHARS before csv-parse sees it;
 * `max_record_size` then bounds a quoted field that spans lines.
 */
import { CsvError, type Options } from 'csv-parse';
import { parse as parseStream } from 'csv-parse/stream';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FIELD_CHARS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MESSAGES,
} from '../../../shared/import-history.ts';

/** The parser's options for an upload (shared/csv-read.ts reads our own files whole with the same parser). */
const CSV_OPTIONS: Options = {
  // A leading UTF-8 BOM (a spreadsheet's "CSV UTF-8") is not part of the first field.
  bom: true,
  // Rows end with CRLF, LF or CR, even mixed in one file (spreadsheets and editors differ).
  record_delimiter: ['\r\n', '\n', '\r'],
  // A quote inside an unquoted field is text (5"2 guard), as spreadsheets write it.
  relax_quotes: true,
  // Rows of any length come through; the import checks each against the header (checkRow).
  relax_column_count: true,
  // In bytes of its fields (csv-parse reads bytes): a character is at most 3 UTF-8 bytes per UTF-16
  // unit, so a row within IMPORT_MAX_ROW_CHARS always fits; this bounds a quoted field spanning lines.
  max_record_size: 3 * IMPORT_MAX_ROW_CHARS,
};

/** Why reading stopped: the answer's status and words. */
export class CsvRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses a record with too many fields or a field too long; `row` as a spreadsheet numbers it. */
function checkBounds(fields: readonly string[], row: number) {
  if (fields.length > IMPORT_MAX_COLUMNS) throw new CsvRefusal(422, IMPORT_MESSAGES.tooManyColumns(row));
  if (fields.some((field) => field.length > IMPORT_MAX_FIELD_CHARS))
    throw new CsvRefusal(422, IMPORT_MESSAGES.fieldTooLong(row));
}

/** csv-parse's own refusals in the import's words (`row`: the row being read). */
function refusalOf(err: unknown, row: number): unknown {
  if (!(err instanceof CsvError)) return err;
  // The records read before it (those queued when the stream failed are not handed out).
  const before = (err as CsvError & { records?: unknown }).records;
  if (typeof before === 'number') row = before + 1;
  if (err.code === 'CSV_MAX_RECORD_SIZE') return new CsvRefusal(413, IMPORT_MESSAGES.rowTooLong(row));
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return new CsvRefusal(400, IMPORT_MESSAGES.unclosedQuote);
  return new CsvRefusal(400, err.message);
}

/**
 * Passes text on while no physical line is longer than IMPORT_MAX_ROW_CHARS; errors with a 413
 * (the row being the number of line breaks seen, plus one) at the first that is.
 */
function boundedLines(): TransformStream<string, Uint8Array> {
  let lineLength = 0;
  let lineBreaks = 0;
  return new TransformStream<string, Uint8Array>({
    transform(text, controller) {
      let from = 0;
      for (;;) {
        const lf = text.indexOf('\n', from);
        const cr = text.indexOf('\r', from);
        const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        const length = (end === -1 ? text.length : end) - from;
        if (lineLength + length > IMPORT_MAX_ROW_CHARS)
          return controller.error(new CsvRefusal(413, IMPORT_MESSAGES.rowTooLong(lineBreaks + 1)));
        if (end === -1) {
          lineLength += length;
          break;
        }
        // CRLF counts as one break.
        if (!(text[end] === '\n' && end > 0 && text[end - 1] === '\r')) lineBreaks++;
        lineLength = 0;
        from = end + 1;
      }
      // csv-parse reads bytes; whole characters go on, so none is split between chunks.
      controller.enqueue(Buffer.from(text, 'utf8'));
    },
  });
}

/**
 * The records of an upload, as they arrive, each with its row number (the header is row 1). Throws
 * a CsvRefusal at the first breach (and the caller cancels the upload); a TypeError for bytes
 * that are not UTF-8.
 */
export async function* csvRecords(body: ReadableStream<Uint8Array>): AsyncGenerator<{ fields: string[]; row: number }> {
  const records = body
    .pipeThrough(new TextDecoderStream('utf-8', { fatal: true }) as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(boundedLines())
    .pipeThrough(parseStream(CSV_OPTIONS) as TransformStream<Uint8Array, string[]>);
  const reader = records.getReader();
  let row = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<string[]>;
      try {
        next = await reader.read();
      } catch (err) {
        throw refusalOf(err, row + 1);
      }
      if (next.done) return;
      row++;
      checkBounds(next.value, row);
      yield { fields: next.value, row };
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

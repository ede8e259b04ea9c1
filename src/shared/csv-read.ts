/**
 * Reads CSV text whole back into rows, with csv-parse (a maintained RFC 4180 parser): for files we
 * wrote (csv.ts) and trusted text (tests, tools, fixture feeds). Never imported by the client (the
 * parser is Node's). An upload is read as it streams, within bounds on every row, by
 * server/modules/imports/csv-records.ts with the same parser.
 */
import { parse } from 'csv-parse/sync';

export function parseCsv(text: string): string[][] {
  return parse(text, {
    // A leading UTF-8 BOM (csv.ts UTF8_BOM) is not part of the first field.
    bom: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
}

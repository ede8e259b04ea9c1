import { formatWholeNumber } from '../../shared/number-format.ts';
/** /api/bets/import and /api/bets/imported (modules/imports/routes.ts): the owner's imported history. */
import {
  GENERIC_IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '../../shared/import-history.ts';
import {
  IMPORT_CONTENT_TYPE_MESSAGE,
  importPreviewSchema,
  importQuerySchema,
  importRefusalSchema,
  importRefusedMessage,
  importResultSchema,
  importedBetPageSchema,
  listImportedQuerySchema,
} from '../../shared/imports.ts';
import {
  apiError,
  errors,
  jsonSchema,
  queryParameters,
  quotaRefused,
  ref,
  response,
  says,
  signedIn,
  type ApiModule,
} from './common.ts';
import { coolOffLocked } from './wellbeing.ts';

const rows = formatWholeNumber(IMPORT_MAX_ROWS);

export const importsModule: ApiModule = {
  tag: {
    name: 'Imported history',
    description:
      "Bets from before betproof, imported from a CSV file: the owner's private history, never part of the public " +
      'record (profile, ledger, Spotlight, rankings, achievements). See docs/decisions/009.',
  },
  schemas: {
    ImportPreview: jsonSchema(importPreviewSchema, 'output'),
    ImportResult: jsonSchema(importResultSchema, 'output'),
    ImportRefusal: jsonSchema(importRefusalSchema, 'output'),
    ImportedBetPage: jsonSchema(importedBetPageSchema, 'output'),
  },
  paths: {
    '/api/bets/import': {
      post: {
        operationId: 'importBets',
        summary: `Import a bet history from a CSV file (up to ${rows} rows), all or nothing`,
        description:
          `The body is the file itself, \`Content-Type: text/csv\`, UTF-8, read as it arrives (at most ` +
          `${IMPORT_MAX_BYTES / (1024 * 1024)} MB: this endpoint has its own limit instead of the API's 64 KB). ` +
          `The first row is a header: \`${GENERIC_IMPORT_COLUMNS.join(',')}\` (in any order), or a betproof CSV ` +
          "export's (GET /api/profile/export.csv). Dates: 2024-03-15, or a date-time (UTC unless it has an offset); " +
          'odds as the record-bet form takes them; result won, lost, void (or push) or pending. Rows are numbered as ' +
          'a spreadsheet numbers them (the header is row 1). A row that repeats an earlier row, or a bet imported ' +
          'before (the same date, description, sport, stake, odds and result), is reported and not stored again. ' +
          '`?dryRun=true` checks the file and answers every row (ok, duplicate or error) without storing anything. ' +
          'Otherwise one bad row refuses the whole file (400, every bad row named) and nothing is stored. ' +
          'Each request, preview or import, counts as one write of the quota.',
        security: signedIn,
        parameters: queryParameters(importQuerySchema),
        requestBody: {
          required: true,
          content: { 'text/csv': { schema: { type: 'string', description: 'The CSV file.' } } },
        },
        responses: {
          '200': {
            description: 'The preview (dryRun=true: ImportPreview) or the import (ImportResult)',
            content: { 'application/json': { schema: { oneOf: [ref('ImportPreview'), ref('ImportResult')] } } },
          },
          '400': response(
            `A row is bad (${says(importRefusedMessage(2))} with \`rows\`: ` +
              '`[{ "row": 7, "message": "Row 7: Stake must be at least $0.01" }]`); or the file is: no header ' +
              `(${says(IMPORT_MESSAGES.noHeader)}), no bets, over ${rows} rows (${says(IMPORT_MESSAGES.tooManyRows)}), ` +
              `not UTF-8, or a quote left open. Nothing is stored.`,
            ref('ImportRefusal'),
          ),
          '401': errors.notAuthenticated,
          '413': apiError(`Over ${IMPORT_MAX_BYTES / (1024 * 1024)} MB: ${says(IMPORT_MESSAGES.tooLarge)}`),
          '415': apiError(`Not sent as text/csv: ${says(IMPORT_CONTENT_TYPE_MESSAGE)}`),
          '423': coolOffLocked,
          '422': errors.invalid,
          '429': quotaRefused.writes('importing bets'),
        },
      },
    },
    '/api/bets/imported': {
      get: {
        operationId: 'listImportedBets',
        summary: "The signed-in user's imported bets, newest event first, a page at a time",
        description: 'Each is marked `imported: true`. Only their owner ever sees them.',
        security: signedIn,
        parameters: queryParameters(listImportedQuerySchema, { cursor: "The previous page's `nextCursor` (opaque)." }),
        responses: {
          '200': response('A page of imported bets', ref('ImportedBetPage')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
        },
      },
    },
  },
};

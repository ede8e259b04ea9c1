/**
 * The import API's contract (POST /api/bets/import, GET /api/bets/imported): zod schemas that
 * type the client and generate the OpenAPI document. The CSV rules are in import-history.ts.
 */
import { z } from 'zod';
import { BETS_PAGE_DEFAULT, BETS_PAGE_MAX, BET_STATUSES, SPORTS } from './bets.ts';
import { cursorParamSchema, pageLimitParam } from './paging.ts';

const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);
const isoString = z.iso.datetime({ offset: true });

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: "dryRun must be 'true' or 'false'" })
    .optional()
    .describe('`true`: check the file and answer the preview; nothing is stored.'),
});

/** One bet of a file, normalised (import-history.ts ImportedBetInput). */
export const importedBetInputSchema = z.object({
  eventDate: isoString,
  description: z.string(),
  sport: z.enum(SPORTS),
  amount: moneyString,
  odds: z.string(),
  decimalOdds: z.string(),
  status: z.enum(BET_STATUSES),
  profitLoss: moneyString.nullable(),
});

/** A row the import leaves out, and why: "Row 7: Stake must be at least $0.01". */
export const importRowProblemSchema = z.object({
  row: z.number().int().describe('The row as a spreadsheet numbers it (the header is row 1).'),
  message: z.string(),
});
export type ImportRowProblem = z.infer<typeof importRowProblemSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  status: z
    .enum(['ok', 'duplicate', 'error'])
    .describe('ok: would be imported; duplicate: repeats an earlier row or an earlier import; error: see message.'),
  message: z.string().optional(),
  bet: importedBetInputSchema.optional().describe('The bet as it would be stored (absent for an error).'),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(['betproof', 'generic']),
  rows: z.array(importPreviewRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  importId: z.string(),
  imported: z.number().int().describe('Bets stored.'),
  duplicates: z.array(importRowProblemSchema).describe('Rows not stored because the bet is already there.'),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The 400 of a file with bad rows: nothing is stored. */
export const importRefusalSchema = z.object({
  error: z.string(),
  rows: z.array(importRowProblemSchema).optional(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const importedBetSchema = importedBetInputSchema.omit({ eventDate: true }).extend({
  id: z.string(),
  /** Always true: an imported bet is marked so wherever it is shown. */
  imported: z.literal(true),
  eventDate: isoString,
  importedAt: isoString,
});
export type ImportedBet = z.infer<typeof importedBetSchema>;

export const importedBetPageSchema = z.object({
  bets: z.array(importedBetSchema),
  nextCursor: z.string().nullable(),
});
export type ImportedBetPage = z.infer<typeof importedBetPageSchema>;

export const listImportedQuerySchema = z.object({
  limit: pageLimitParam(BETS_PAGE_MAX, BETS_PAGE_DEFAULT),
  cursor: cursorParamSchema,
});

export const statsQuerySchema = z.object({
  includeImported: z
    .enum(['true', 'false'], { error: "includeImported must be 'true' or 'false'" })
    .optional()
    .describe("`true`: the owner's statistics with their imported history added (never shown to anyone else)."),
});

/** "Nothing was imported: 2 rows have errors" (the 400's headline). */
export const importRefusedMessage = (errors: number) =>
  `Nothing was imported: ${errors} ${errors === 1 ? 'row has an error' : 'rows have errors'}`;
export const IMPORT_CONTENT_TYPE_MESSAGE = 'Send the file as text/csv';

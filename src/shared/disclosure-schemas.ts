/**
 * The record's disclosures as the API answers them (docs/decisions/041): zod schemas for the
 * server's validation and the OpenAPI document. Pages import the rules from disclosures.ts, which
 * builds no schema (docs/decisions/015).
 */
import { z } from 'zod';

export const recordDisclosureSchema = z.object({
  graded: z.number().int().describe("Bets graded from listed events' results."),
  selfReported: z.number().int().describe('Bets on events the catalog does not list, settled by the bettor.'),
  voided: z.number().int().describe('Void bets (a cancelled event, a push).'),
  deleted: z.number().int().describe('Bets deleted before their start (within 15 minutes of recording).'),
  overdue: z.number().int().describe('Self-reported bets or parlay legs still pending 72 hours after their start.'),
});
export type RecordDisclosure = z.infer<typeof recordDisclosureSchema>;

/** A bet deleted before its start, as the public ledger keeps it. */
export const deletedBetSchema = z.object({
  betId: z.string(),
  description: z.string(),
  odds: z.string(),
  stake: z.string().describe('Two-decimal money string.'),
  eventStart: z.iso.datetime({ offset: true }),
  deletedAt: z.iso.datetime({ offset: true }),
  seq: z.number().int().describe("The ledger entry's sequence number."),
});
export type DeletedBet = z.infer<typeof deletedBetSchema>;

/** GET /api/profiles/:username/deleted — newest first, at most DELETED_LIST_MAX, with the total. */
export const deletedBetsSchema = z.object({ bets: z.array(deletedBetSchema), total: z.number().int() });
export type DeletedBets = z.infer<typeof deletedBetsSchema>;

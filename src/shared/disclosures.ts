/**
 * What every public row of a bettor shows beside their figures (docs/decisions/041): how many of
 * their bets were graded from results and how many self-reported, how many were void, how many
 * they deleted (before the start, within 15 minutes of recording), and how many are overdue.
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
export const DELETED_LIST_MAX = 50;

export const DELETED_HEADING = 'Deleted before the start';

/** "12 graded · 3 self-reported · 1 void · 2 deleted · 1 overdue": each count always shown but overdue. */
export function disclosureParts(d: RecordDisclosure): string[] {
  return [
    `${d.graded} graded`,
    `${d.selfReported} self-reported`,
    `${d.voided} void`,
    `${d.deleted} deleted`,
    ...(d.overdue > 0 ? [`${d.overdue} overdue`] : []),
  ];
}

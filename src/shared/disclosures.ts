/**
 * What every public row of a bettor shows beside their figures (docs/decisions/041): how many of
 * their bets were graded from results and how many self-reported, how many were void, how many
 * they deleted (before the start, within 15 minutes of recording), and how many are overdue.
 *
 * The rules only: the schemas are in disclosure-schemas.ts, so a page that shows a record loads no zod
 * (docs/decisions/015).
 */
import type { RecordDisclosure } from './disclosure-schemas.ts';

export type { DeletedBet, DeletedBets, RecordDisclosure } from './disclosure-schemas.ts';

/** GET /api/profiles/:username/deleted lists at most this many, newest first, with the total. */
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

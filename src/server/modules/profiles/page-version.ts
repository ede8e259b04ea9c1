/**
 * The version of a public profile's page as a visitor with no session sees it: what the server
 * keeps its render under and derives its ETag from (pages.ts, docs/decisions/044).
 *
 * The page shows two answers: the profile (its name, links, statistics, achievements, ledger head,
 * followers, and figures that move with the clock alone: days active, overdue bets) and the first
 * page of bets. The profile is read whole, as `GET /api/profiles/{username}` reads it (one
 * prepared statement), and stands in the version by a digest of its answer, so whatever it shows,
 * now or after a new field is added, moves the version when it changes. The bets stand in by their
 * record version, which the database moves with every change to them (migration 0024, decision 014),
 * exactly what keeps their first page. Both are read before the page is, so a page kept under a
 * version shows at least everything that version saw.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { getBetRecordVersion } from '../bets/bet-pages.ts';
import { buildProfile, findProfileViewByUsername } from './queries.ts';
import { recordIsPublic } from './visibility.ts';

/** A public profile's current username and page version; null when `name` is no public profile. */
export async function publicProfileVersion(
  db: Db,
  name: string,
  now: Date,
): Promise<{ username: string; version: string } | null> {
  const view = await findProfileViewByUsername(db, name, now);
  if (!view || !recordIsPublic(view.record)) return null;
  const profile = buildProfile(view, { isOwner: false, now });
  const bets = await getBetRecordVersion(db, view.record.userId);
  const digest = createHash('sha256').update(JSON.stringify(profile)).digest('base64url').slice(0, 22);
  return { username: profile.username, version: `${digest}.${bets}` };
}

/**
 * Each server keeps, for the users it has recently answered, the first page of bets it last read,
 * with the user's record version as it was read just before the page (migration 0024: a number
 * the database moves with every change to the user's bets or parlay legs, however made). A request
 * for that first page reads the version (one primary-key read) and, while it is the same, sends the
 * kept text without reading the page again (decision 014).
 *
 * Why this is never stale: the version is read before the page, and it only grows. A page kept
 * under version v was read after v was current, so it shows v's bets or later ones; and if it shows
 * a later change, the version had already moved past v when the page was read, so v is never
 * current again and the page is never sent. Every server checks the database on every request:
 * a change made on another server, or by a script, is seen by the next request anywhere.
 */
import type { Db } from '../../db/client.ts';

/** Users' pages kept per database handle (each up to BETS_PAGE_MAX bets: at most a few MB). */
export const FIRST_PAGES_KEPT = 1000;

interface KeptPage {
  version: number;
  limit: number;
  text: string;
}

/** By user, least recently used first (a Map keeps insertion order). */
const keptByDb = new WeakMap<Db, Map<string, KeptPage>>();

const keptPages = (db: Db) => {
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  return kept;
};

/** The first page kept for `userId` at this version and page size, if there is one. */
export function keptFirstPage(db: Db, userId: string, version: number, limit: number): string | undefined {
  const kept = keptPages(db);
  const page = kept.get(userId);
  if (!page || page.version !== version || page.limit !== limit) return undefined;
  kept.delete(userId); // most recently used: to the end
  kept.set(userId, page);
  return page.text;
}

/** Keeps `text` as `userId`'s first page at `version` (read before the page), replacing any other. */
export function keepFirstPage(db: Db, userId: string, version: number, limit: number, text: string): void {
  const kept = keptPages(db);
  kept.delete(userId);
  if (kept.size >= FIRST_PAGES_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(userId, { version, limit, text });
}

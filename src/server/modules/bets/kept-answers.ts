/**
 * Each server keeps, for the users it has recently answered, the answers read most often from a
 * record (the first page of bets, the statistics) as it last wrote them, each with the user's
 * record version as it was read just before the answer (migration 0024: a number the database
 * moves with every change to the user's bets or parlay legs, however made). A request reads the
 * version (one primary-key read) and, while it is the same, sends the kept text without reading
 * the answer again (decision 014).
 *
 * Why this is never stale: the version is read before the answer, and it only grows. An answer
 * kept under version v was read after v was current, so it shows v's bets or later ones; and if it
 * shows a later change, the version had already moved past v when it was read, so v is never
 * current again and the answer is never sent. Every server checks the database on every request:
 * a change made on another server, or by a script, is seen by the next request anywhere.
 *
 * What else an answer depends on is part of its key (the page size, the unit size). What changes
 * with time alone (the overdue count) bounds its window: an answer is sent only at a time from the
 * moment it was read until the first moment it would read differently.
 */
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { LRUCache } from 'lru-cache';

/** Users whose answers are kept per kind and database handle (a page of 100 bets at most is some tens of KB). */
export const USERS_KEPT = 1000;

/** The times (ms since the epoch), from `from` and before `until`, at which an answer holds. */
export interface Window {
  from: number;
  until: number;
}

const ALWAYS: Window = { from: -Infinity, until: Infinity };

interface Kept extends Window {
  /** The record version read before the answer, and whatever else it was read for. */
  key: string;
  text: string;
}

/** One kind of answer, kept per database handle and user (the least recently used user goes first). */
export class KeptAnswers {
  private readonly perDb = preparedPerDb(() => new LRUCache<string, Kept>({ max: USERS_KEPT }));

  /** The text kept for `userId` under `key`, if it holds at `at` (ms since the epoch). */
  get(db: Db, userId: string, key: string, at = 0): string | undefined {
    const kept = this.perDb(db).get(userId);
    return kept && kept.key === key && kept.from <= at && at < kept.until ? kept.text : undefined;
  }

  /** Keeps `text` as `userId`'s answer under `key` (which starts with the version read before it). */
  keep(db: Db, userId: string, key: string, text: string, window: Window = ALWAYS): void {
    this.perDb(db).set(userId, { key, text, ...window });
  }
}

/** `GET /api/bets`'s and a profile's first page of bets, by version and page size. */
export const firstPages = new KeptAnswers();

/** `GET /api/bets/stats` (without imported history), by version and unit size, until a bet becomes overdue. */
export const keptStats = new KeptAnswers();

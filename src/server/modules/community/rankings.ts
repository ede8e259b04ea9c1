/**
 * The rankings kept in memory (docs/decisions/061): the Spotlight of each period and the
 * Influencers directory's candidates are ranked by one query each (every public bettor's running
 * totals: thousands of index probes, ~100 ms at 10,000 users) and then kept, so a request only
 * slices the kept list and reads its page's own rows.
 *
 * A kept ranking is exact, never stale: it is answered only while
 * - nothing it read has changed: every statement writing a table the rankings read notes its
 *   transaction in community_changes (db/functions/community_changes_note.sql), and a ranking
 *   is good while no row it could not see in its snapshot is visible now (one index range scan per
 *   request; a transaction's row becomes visible exactly as its writes do, on either driver);
 * - the clock (the request's own, injected) is on the UTC day it was ranked for, not before the
 *   moment it was ranked at, and before the next moment a pending bet turns overdue (the one
 *   rule of the rankings that follows the clock within a day: bets/bet-stats.ts overdueCondition).
 * Otherwise the next request ranks again, and waits for it. While that ranking is being made, other
 * requests on the same day are answered from the one kept if it was last found current at most
 * STALE_WHILE_RANKING_MS ago (real time): such an answer may miss a write that committed in that
 * last second, never an older one. A request that finds no ranking being made waits for its own,
 * so a bettor's read after their own write includes it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { overdueBefore } from '../bets/bet-stats.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

/**
 * How recently a kept ranking must have been found current for a request to be answered from it
 * while a newer one is being made: without this, on a site writing more often than a ranking takes
 * (~100–250 ms at 10,000 users), most requests would wait for one.
 */
export const STALE_WHILE_RANKING_MS = 1000;

/** How often a server deletes the change log's rows of finished transactions. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

interface Kept<T> {
  value: T;
  /** The snapshot (pg_current_snapshot text) taken before the ranking's query ran. */
  snapshot: string;
  /** The clock's interval it holds for: [from, until) in ms since the epoch. */
  from: number;
  until: number;
  /** When (performance.now(), real time) nothing it read was last known to have changed. */
  currentAt: number;
}

interface KeptRankings {
  kept: Map<string, Kept<unknown>>;
  running: Map<string, Promise<Kept<unknown>>>;
  prunedAt: number;
}

const perDatabase = new WeakMap<Db, KeptRankings>();

const stateOf = (db: Db): KeptRankings => {
  let state = perDatabase.get(db);
  if (!state) {
    state = { kept: new Map(), running: new Map(), prunedAt: 0 };
    perDatabase.set(db, state);
  }
  return state;
};

/** Whether a transaction that wrote what the rankings read has committed since `snapshot`. */
async function changedSince(db: Db, snapshot: string): Promise<boolean> {
  const [row] = await queryRows<{ changed: boolean }>(
    db,
    sql`select (select below from community_changes_pruned) > pg_snapshot_xmin(${snapshot}::pg_snapshot)
            or exists (select 1 from community_changes c
                       where c.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
                         and not pg_visible_in_snapshot(c.xid, ${snapshot}::pg_snapshot)) as changed`,
  );
  return row?.changed !== false;
}

/**
 * The first moment after `now` at which a pending bet could turn overdue (its start, or a pending
 * self-reported leg's, passes overdueBefore): the earliest such start still after overdueBefore(now),
 * plus the delay. Any pending bet counts, graded or not: an earlier bound only ranks again sooner.
 */
async function nextOverdueAt(db: Db, now: Date): Promise<number> {
  const before = overdueBefore(now);
  const [row] = await queryRows<{ next: string | null }>(
    db,
    sql`select to_char(least(
          (select min(b.event_date) from bets b where b.status = 'pending' and b.event_date > ${before}),
          (select min(l.event_date) from bet_legs l
            where l.status = 'pending' and l.event_id is null and l.event_date > ${before})
        ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as next`,
  );
  if (!row?.next) return Number.POSITIVE_INFINITY;
  return Date.parse(row.next) + (now.getTime() - before.getTime());
}

/** Deletes the change log's rows of transactions every snapshot now sees, and says so (below). */
export async function pruneChanges(db: Db) {
  await db.execute(sql`
    with gone as (delete from community_changes where xid < pg_snapshot_xmin(pg_current_snapshot()))
    update community_changes_pruned set below = greatest(below, pg_snapshot_xmin(pg_current_snapshot()))`);
}

/**
 * The ranking `key` as `rank(now)` makes it, from memory when the kept one still holds at `now`.
 * `rank` must read only what the change log covers (community_changes_note.sql) and `now`'s day.
 */
export async function keptRanking<T>(db: Db, key: string, now: Date, rank: (now: Date) => Promise<T>): Promise<T> {
  const state = stateOf(db);
  const at = now.getTime();
  const inWindow = (k: Kept<unknown> | undefined): k is Kept<unknown> =>
    k !== undefined && at >= k.from && at < k.until;
  const holds = async (k: Kept<unknown> | undefined) => {
    if (!inWindow(k) || (await changedSince(db, k.snapshot))) return false;
    k.currentAt = performance.now();
    return true;
  };

  const kept = state.kept.get(key);
  if (await holds(kept)) return kept!.value as T;
  const running = state.running.get(key);
  if (running) {
    if (inWindow(kept) && performance.now() - kept.currentAt <= STALE_WHILE_RANKING_MS) return kept.value as T;
    const made = await running.catch(() => undefined);
    if (await holds(made)) return made!.value as T;
  }

  const making = (async (): Promise<Kept<unknown>> => {
    // The snapshot first: whatever commits between it and the ranking's own is ranked, and also
    // counts as a change (one ranking more, never one stale).
    const [snap] = await queryRows<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
    const currentAt = performance.now();
    const value = await rank(now);
    const dayEnd = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
    const until = Math.min(dayEnd, await nextOverdueAt(db, now));
    if (Date.now() - state.prunedAt >= PRUNE_EVERY_MS) {
      state.prunedAt = Date.now();
      await pruneChanges(db);
    }
    return { value, snapshot: snap!.snapshot, from: at, until, currentAt };
  })();
  state.running.set(key, making);
  try {
    const made = await making;
    // A later ranking may have replaced it meanwhile: keep the one made from the later snapshot's clock.
    const current = state.kept.get(key);
    if (!current || current.from <= made.from) state.kept.set(key, made);
    return made.value as T;
  } finally {
    if (state.running.get(key) === making) state.running.delete(key);
  }
}

/**
 * The kept rankings (docs/decisions/061, rankings.ts): a ranking is made once and answered from
 * memory while nothing it read has changed and the clock is in the interval it holds for; a
 * committed write to any table the rankings read, a new UTC day, a clock before the ranking's,
 * or a pending bet turning overdue makes the next request rank again. The rankings' own results
 * are the other files' (spotlight, influencers, ranking, market-ranking).
 */
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import { keptRanking, pruneChanges, STALE_WHILE_RANKING_MS } from './rankings.ts';
import { createBettor, insertBets, token } from './helpers.test-support.ts';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time-units.ts';
import { OVERDUE_AFTER_MS } from '../../../shared/bets.ts';

/** The tables the rankings read, as db/functions/community_changes_note.sql lists them. */
const READ_TABLES = [
  'users',
  'user_settings',
  'profiles',
  'bets',
  'bet_legs',
  'user_bet_stats',
  'user_market_figures',
  'user_sport_stats',
  'user_position_days',
];

/** A ranking that counts how often it was made. */
function counted() {
  let made = 0;
  return {
    rank: async () => ++made,
    get made() {
      return made;
    },
  };
}

/** A ranking that answers `value` once `finish()` is called, and says when it has started. */
function held<T>(value: T) {
  let finish!: () => void;
  let started!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const begun = new Promise<void>((resolve) => (started = resolve));
  return {
    rank: async () => {
      started();
      await finished;
      return value;
    },
    begun,
    finish: () => finish(),
  };
}

/**
 * performance.now() held still, moved on only by `pass(ms)`: what a test says of real time holds
 * however slow the host (a busy one took over the second the kept ranking is trusted for between
 * two calls, and the request meant to be answered at once waited for a ranking the test held).
 */
function heldRealTime() {
  let at = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => at);
  return { pass: (ms: number) => (at += ms) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase('community: kept rankings', (env) => {
  it('while a new ranking is made, answers others from one found current in the last second, and waits past it', async () => {
    const db = env().db;
    const key = `test:${token()}`;
    const now = new Date(Date.UTC(2031, 4, 10, 12));
    const realTime = heldRealTime();
    expect(await keptRanking(db, key, now, async () => 'first')).toBe('first');

    // A change: the next request ranks and waits; one beside it gets the kept ranking at once.
    await db.execute(sql`delete from bets where false`);
    const second = held('second');
    const waiting = keptRanking(db, key, now, second.rank);
    await second.begun;
    const notCalled = vi.fn(async () => 'never');
    expect(await keptRanking(db, key, now, notCalled)).toBe('first');
    expect(notCalled).not.toHaveBeenCalled();
    second.finish();
    expect(await waiting).toBe('second');

    // The kept ranking last found current more than STALE_WHILE_RANKING_MS ago: a request waits.
    await db.execute(sql`delete from bets where false`);
    const third = held('third');
    const ranking = keptRanking(db, key, now, third.rank);
    await third.begun;
    realTime.pass(STALE_WHILE_RANKING_MS + 1);
    const beside = keptRanking(db, key, now, notCalled);
    third.finish();
    expect(await beside).toBe('third');
    expect(await ranking).toBe('third');
    expect(notCalled).not.toHaveBeenCalled();
  });

  it('ranks once while nothing changes, and again after a statement on any table the rankings read', async () => {
    const db = env().db;
    const key = `test:${token()}`;
    const now = new Date(Date.UTC(2031, 4, 6, 12));
    const ranking = counted();
    expect(await keptRanking(db, key, now, ranking.rank)).toBe(1);
    expect(await keptRanking(db, key, new Date(now.getTime() + MINUTE_MS), ranking.rank)).toBe(1);
    // A statement on another table (events: the rankings read positions, not events) changes nothing.
    await db.execute(sql`delete from events where false`);
    expect(await keptRanking(db, key, now, ranking.rank)).toBe(1);
    for (const table of READ_TABLES) {
      // Even a statement that changes no row counts: the log is per statement, never per row.
      await db.execute(sql.raw(`delete from ${table} where false`));
      const before = ranking.made;
      expect(await keptRanking(db, key, now, ranking.rank), table).toBe(before + 1);
      expect(await keptRanking(db, key, now, ranking.rank), table).toBe(before + 1);
    }
  });

  it('notes a transaction once, however many statements it runs', async () => {
    const db = env().db;
    const counts = await db.transaction(async (tx) => {
      await tx.execute(sql`delete from bets where false`);
      await tx.execute(sql`delete from profiles where false`);
      await tx.execute(sql`delete from user_position_days where false`);
      return queryRows<{ n: number }>(
        tx as never,
        sql`select count(*)::int as n from community_changes where xid = pg_current_xact_id()`,
      );
    });
    expect(counts[0]!.n).toBe(1);
  });

  it('ranks again on a new UTC day and for a clock before the ranking, not later the same day', async () => {
    const db = env().db;
    const key = `test:${token()}`;
    const noon = Date.UTC(2031, 4, 7, 12);
    const ranking = counted();
    await keptRanking(db, key, new Date(noon), ranking.rank);
    expect(await keptRanking(db, key, new Date(noon + 11 * HOUR_MS), ranking.rank)).toBe(1);
    expect(await keptRanking(db, key, new Date(noon + 12 * HOUR_MS), ranking.rank)).toBe(2);
    expect(await keptRanking(db, key, new Date(noon + 12 * HOUR_MS + MINUTE_MS), ranking.rank)).toBe(2);
    expect(await keptRanking(db, key, new Date(noon), ranking.rank)).toBe(3);
  });

  it('ranks again once a pending bet turns overdue', async () => {
    const db = env().db;
    const key = `test:${token()}`;
    // Far ahead of every other test's bets: this one is the only pending bet that turns overdue after it.
    const noon = Date.UTC(2032, 6, 1, 12);
    const { userId } = await createBettor(env());
    // Self-reported, pending, started so that it is overdue from 13:00.
    await insertBets(env(), userId, [{ status: 'pending', eventAt: new Date(noon + HOUR_MS - OVERDUE_AFTER_MS) }]);
    const ranking = counted();
    await keptRanking(db, key, new Date(noon), ranking.rank);
    expect(await keptRanking(db, key, new Date(noon + HOUR_MS - 1), ranking.rank)).toBe(1);
    expect(await keptRanking(db, key, new Date(noon + HOUR_MS), ranking.rank)).toBe(2);
    expect(await keptRanking(db, key, new Date(noon + 2 * HOUR_MS), ranking.rank)).toBe(2);
  });

  it('keeps its ranking while another transaction writes, and ranks again when it commits', async () => {
    // PGlite has one connection: no transaction runs beside a read.
    if (env().driver !== 'postgres') return;
    const db = env().db;
    const key = `test:${token()}`;
    const now = new Date(Date.UTC(2031, 4, 8, 12));
    const ranking = counted();
    await keptRanking(db, key, now, ranking.rank);
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from user_position_days where false`);
      expect(await keptRanking(db, key, now, ranking.rank)).toBe(1);
    });
    expect(await keptRanking(db, key, now, ranking.rank)).toBe(2);
  });

  it('prunes the log of finished transactions, and ranks again when a change it could not see is gone or there', async () => {
    const db = env().db;
    const key = `test:${token()}`;
    const now = new Date(Date.UTC(2031, 4, 9, 12));
    const ranking = counted();
    await keptRanking(db, key, now, ranking.rank);
    await db.execute(sql`delete from bets where false`);
    await pruneChanges(db);
    // Every row below the watermark is gone (rows above it: transactions other connections' snapshots may not see yet).
    const [left] = await queryRows<{ n: number; below: number }>(
      db,
      sql`select (select count(*)::int from community_changes, community_changes_pruned p where xid < p.below) as n,
                 (select count(*)::int from community_changes_pruned where below > '0') as below`,
    );
    expect(left).toEqual({ n: 0, below: 1 });
    expect(await keptRanking(db, key, now, ranking.rank)).toBe(2);
    expect(await keptRanking(db, key, now, ranking.rank)).toBe(2);
  });
});

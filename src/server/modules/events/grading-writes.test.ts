/**
 * What a grading writes, counted (docs/decisions/060): each bettor's user_bet_stats row is updated
 * once, its totals and its runs in one UPDATE (the runs' own UPDATE trigger wrote it a second time),
 * and the summaries still equal a recount. Counted by the table's update counter in the grading's
 * transaction. On each database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { expectSummariesMatchRecount } from '../../test/invariants.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

describeEachDatabase('what a grading writes', (env) => {
  it("updates each bettor's user_bet_stats row once, totals and runs together", async () => {
    const db = env().db;
    const run = randomUUID().slice(0, 8);
    const users = ['a', 'b', 'c', 'd', 'e', 'f'].map((u) => `gw-${run}-${u}`);
    await db.execute(sql`insert into users (id, name, email, email_verified, age_confirmed_at)
      select u, '', u || '@example.com', true, now() from unnest(string_to_array(${users.join(',')}, ',')) u`);
    const start = new Date(Date.now() + 7 * HOUR_MS).toISOString();
    const [event] = await queryRows<{ id: string }>(
      db,
      sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
          values ('sample', ${`gw-${run}`}, 'soccer', 'Sample League', 'Home', 'Away', ${start}) returning id`,
    );
    // One bet each, the markets in turn: won, lost and void results among them (2-2 below).
    await db.execute(sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date,
        potential_win, event_id, market, selection, line, graded)
      select u, 'Home v Away', 10, '2', 2, 'soccer', ${start}, 20, ${event!.id},
             (array['moneyline', '1x2', 'spread', 'total'])[i % 4 + 1],
             (array['home', 'draw', 'away', 'over'])[i % 4 + 1],
             (array[null, null, -0.5, 3.5])[i % 4 + 1]::numeric, true
      from unnest(string_to_array(${users.join(',')}, ',')) with ordinality x(u, i)`);

    // The counter read before and after, in the grading's transaction: PostgreSQL's view also holds
    // what earlier transactions of this connection wrote until its statistics are flushed.
    const updates = await db.transaction(async (tx) => {
      const counter = async () => {
        const [row] = await queryRows<{ updates: number }>(
          tx as unknown as typeof db,
          sql`select coalesce(sum(n_tup_upd), 0)::int as updates from pg_stat_xact_user_tables
              where relname = 'user_bet_stats'`,
        );
        return row!.updates;
      };
      const before = await counter();
      await tx.execute(sql`update events set status = 'final', home_score = 2, away_score = 2 where id = ${event!.id}`);
      return (await counter()) - before;
    });
    expect(updates).toBe(users.length);
    const [settled] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from bets where event_id = ${event!.id} and status <> 'pending'`,
    );
    expect(settled!.n).toBe(users.length);
    await expectSummariesMatchRecount(env(), users);
  });
});

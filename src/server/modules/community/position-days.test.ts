/**
 * user_position_days (db/functions/bet_positions_apply.sql) against a recount from bet_positions:
 * every day's sums and running totals, after gradings that come in the order of the games (each
 * touched day is its bettor's last, so the days are written with their running totals at once)
 * and out of it (a result for an older game, so the later days' running totals are recounted:
 * decision 058). On each database.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

describeEachDatabase('the days of positions', (env) => {
  it('keeps every day and running total equal to a recount, whatever order the results come in', async () => {
    const db = env().db;
    const run = randomUUID().slice(0, 8);
    const users = ['a', 'b', 'c'].map((u) => `pd-${run}-${u}`);
    const [a, b, c] = users as [string, string, string];
    await db.execute(sql`insert into users (id, name, email, email_verified, age_confirmed_at)
      select u, '', u || '@example.com', true, now() from unnest(string_to_array(${users.join(',')}, ',')) u`);
    // Three games on three UTC days, a day apart.
    const events: string[] = [];
    for (const day of [1, 2, 3]) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`pd-${run}-${day}`}, 'soccer', 'Sample League', 'Home', 'Away',
                    ${new Date(Date.now() + day * DAY_MS).toISOString()}) returning id`,
      );
      events.push(row!.id);
    }
    const [e1, e2, e3] = events as [string, string, string];
    // [user, event, market, selection, line, decimal odds]; every game ends 2-1.
    const picks: [string, string, string, string, number | null, number][] = [
      [a, e1, 'moneyline', 'home', null, 3], // won
      [a, e1, 'total', 'over', 2.5, 2], // won: a second position that day
      [a, e2, 'moneyline', 'away', null, 2.5], // lost
      [a, e3, 'moneyline', 'home', null, 1.1], // won, but under 1.20: not counted
      [b, e1, 'moneyline', 'home', null, 2], // won
      [c, e2, 'moneyline', 'home', null, 3], // won
      [c, e2, 'moneyline', 'home', null, 2], // the same pick again: one position of two bets
      [c, e3, 'spread', 'home', -1, 3], // void: not counted
      [c, e3, '1x2', 'draw', null, 4], // lost
    ];
    for (const [userId, eventId, market, selection, line, odds] of picks) {
      await db.execute(sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date,
                                             potential_win, event_id, market, selection, line, graded)
        select ${userId}, 'pick', 10, ${String(odds)}, ${odds}, 'soccer', e.starts_at, ${10 * odds}, e.id,
               ${market}, ${selection}, ${line}, true
        from events e where e.id = ${eventId}`);
    }
    // The middle game first, then the last (each the latest day of its bettors), then the first
    // (a's days after it are recounted).
    for (const eventId of [e2, e3, e1]) {
      await db.execute(sql`update events set status = 'final', home_score = 2, away_score = 1 where id = ${eventId}`);
    }

    const compared = await queryRows<{ user_id: string; day: string; stored: boolean; recounted: boolean }>(
      db,
      sql`with recount as (
            select user_id, day, positions, won, events, profit, staked, level_profit, level_profit_sq, odds_sum,
                   sum(positions) over w as cum_positions, sum(won) over w as cum_won, sum(events) over w as cum_events,
                   sum(profit) over w as cum_profit, sum(staked) over w as cum_staked,
                   sum(level_profit) over w as cum_level_profit, sum(level_profit_sq) over w as cum_level_profit_sq,
                   sum(odds_sum) over w as cum_odds_sum
            from (
              select p.user_id, (p.starts_at at time zone 'UTC')::date as day, count(*)::int as positions,
                     (count(*) filter (where p.status = 'won'))::int as won, count(distinct p.event_id)::int as events,
                     sum(p.counted_profit) as profit, sum(p.stake) as staked,
                     sum(case p.status when 'won' then p.counted_odds - 1 else -1 end) as level_profit,
                     sum(case p.status when 'won' then (p.counted_odds - 1) * (p.counted_odds - 1) else 1 end)
                       as level_profit_sq,
                     sum(p.counted_odds) as odds_sum
              from bet_positions p
              where p.user_id = any (string_to_array(${users.join(',')}, ',')) and p.status in ('won', 'lost') and p.counted_odds >= 1.20
              group by 1, 2
            ) d
            window w as (partition by user_id order by day)
          ),
          stored as (select * from user_position_days where user_id = any (string_to_array(${users.join(',')}, ',')))
          select coalesce(s.user_id, r.user_id) as user_id, coalesce(s.day, r.day)::text as day,
                 s.user_id is not null as stored, r.user_id is not null as recounted
          from stored s full join recount r on r.user_id = s.user_id and r.day = s.day
          where s.user_id is null or r.user_id is null
             or (s.positions, s.won, s.events, s.profit, s.staked, s.level_profit, s.level_profit_sq, s.odds_sum,
                 s.cum_positions, s.cum_won, s.cum_events, s.cum_profit, s.cum_staked, s.cum_level_profit,
                 s.cum_level_profit_sq, s.cum_odds_sum)
                is distinct from
                (r.positions, r.won, r.events, r.profit, r.staked, r.level_profit, r.level_profit_sq, r.odds_sum,
                 r.cum_positions, r.cum_won, r.cum_events, r.cum_profit, r.cum_staked, r.cum_level_profit,
                 r.cum_level_profit_sq, r.cum_odds_sum)`,
    );
    expect(compared).toEqual([]);
    // What was compared: a's two counted days (the third is under 1.20), b's one, c's two.
    const [days] = await queryRows<{ n: number; last: string }>(
      db,
      sql`select count(*)::int as n,
                 (select cum_positions || '/' || cum_won from user_position_days where user_id = ${a}
                  order by day desc limit 1) as last
          from user_position_days where user_id = any (string_to_array(${users.join(',')}, ','))`,
    );
    expect(days).toEqual({ n: 5, last: '3/2' });
  });
});

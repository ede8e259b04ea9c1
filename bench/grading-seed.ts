/**
 * The grading benches' event: `bets` bettors (users g1…gN), each with one pending bet on one event
 * (the four markets in turn), and the first 1,000 with a two-leg parlay having a leg on it (the
 * other leg on a second event that is not graded). Every id and time is fixed, so a grading writes
 * the same ledger bytes whatever functions wrote them (bench/grading.ts compares their MD5).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { rowsOf } from './shared.ts';

/** The event starts here; the bets are recorded a day before; the grading's clock is 8 hours after. */
export const GRADING_TIMES = {
  start: '2031-06-01T12:00:00.000Z',
  recordedAt: '2031-05-31T12:00:00.000Z',
  gradedAt: '2031-06-01T20:00:00.000Z',
} as const;

export interface GradingSeedOptions {
  bets: number;
  /** Every other parlay loses its leg on the graded event, so the grading also settles 500 parlays. */
  lostLegs: boolean;
}

/** Seeds the event and its bets; answers the graded event's id. */
export async function seedGradingEvent(db: Db, o: GradingSeedOptions): Promise<string> {
  const { start, recordedAt } = GRADING_TIMES;
  await db.execute(sql`insert into users (id, name, email, email_verified, age_confirmed_at)
    select 'g' || n, '', 'g' || n || '@example.com', true, now() from generate_series(1, ${o.bets}) n`);
  const [event] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into events (id, source_feed, source_id, sport, competition, home, away, starts_at)
      values (md5('event')::uuid, 'sample', 'bench', 'soccer', 'Bench League', 'Home FC', 'Away FC', ${start}) returning id`),
  );
  const [other] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into events (id, source_feed, source_id, sport, competition, home, away, starts_at)
      values (md5('event-2')::uuid, 'sample', 'bench-2', 'soccer', 'Bench League', 'Third FC', 'Fourth FC', ${start}) returning id`),
  );
  await db.execute(sql`insert into bets (id, user_id, description, amount, odds, decimal_odds, bet_type, event_date,
      potential_win, event_id, market, selection, line, graded, created_at)
    select md5('s' || n)::uuid, 'g' || n, 'Home FC v Away FC', 10, '2', 2, 'soccer', ${start}, 20, ${event!.id},
           (array['moneyline', '1x2', 'spread', 'total'])[n % 4 + 1],
           (array['home', 'draw', 'away', 'over'])[n % 4 + 1],
           (array[null, null, -0.5, 2.5])[n % 4 + 1]::numeric, true, ${recordedAt}
    from generate_series(1, ${o.bets}) n`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into bets (id, user_id, description, amount, odds, decimal_odds, bet_type, event_date,
        last_event_date, potential_win, leg_count, graded, created_at)
      select md5('p' || n)::uuid, 'g' || n, 'parlay', 10, '4', 4, 'parlay', ${start}, ${start}, 40, 2, true, ${recordedAt}
      from generate_series(1, least(1000, ${o.bets})) n`);
    await tx.execute(sql`insert into bet_legs (id, bet_id, position, description, sport, odds, decimal_odds, odds_num, odds_den,
        event_date, event_id, market, selection)
      select md5('l' || n || '-' || p)::uuid, md5('p' || n)::uuid, p, 'leg', 'soccer', '2', 2, 2, 1, ${start},
             case p when 1 then ${event!.id}::uuid else ${other!.id}::uuid end,
             'moneyline', case when ${o.lostLegs} and p = 1 and n % 2 = 0 then 'away' else 'home' end
      from generate_series(1, least(1000, ${o.bets})) n, generate_series(1, 2) p`);
  });
  await db.execute(sql`analyze`);
  return event!.id;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What an admin's results import or correction runs, inside the caller's transaction: the event
 * final, 2–1, at the grading's clock.
 */
export async function gradeIn(tx: Db | Tx, eventId: string): Promise<void> {
  await tx.execute(sql`select set_config('betproof.grading_at', ${GRADING_TIMES.gradedAt}, true)`);
  await tx.execute(sql`update events set status = 'final', home_score = 2, away_score = 1 where id = ${eventId}`);
}

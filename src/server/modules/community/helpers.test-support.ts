/** Test helpers for the community module: bettors, bets and listed events written straight to the database. */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestEnv } from '../../test/harness.ts';
import type { Sport } from '../../../shared/bets.ts';
import { queryRows } from '../../db/sql.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

/** A short random token, for names no other test uses. */
export const token = () => randomBytes(4).toString('hex');

export interface BettorOptions {
  username?: string;
  displayName?: string | null;
  verified?: boolean;
  public?: boolean;
}

/** An account with its profile (through the sign-up trigger), then the profile as asked. */
export async function createBettor(env: TestEnv, opts: BettorOptions = {}) {
  const id = `t${token()}${token()}`;
  const username = opts.username ?? `b_${token()}`;
  await env.db.execute(sql`
    insert into users (id, name, email, email_verified, age_confirmed_at)
    values (${id}, '', ${`${id}@example.com`}, true, now())`);
  await env.db.execute(sql`
    update profiles set username = ${username}, display_name = ${opts.displayName ?? null},
           verification_status = ${opts.verified ? 'verified' : 'unverified'}
    where user_id = ${id}`);
  if (opts.public === false) await setPublic(env, id, false);
  return { userId: id, username };
}

export const setPublic = (env: TestEnv, userId: string, isPublic: boolean) =>
  env.db.execute(sql`
    update user_settings set privacy_settings = jsonb_set(privacy_settings, '{profile_public}', to_jsonb(${isPublic}::boolean))
    where user_id = ${userId}`);

export interface SeedBet {
  status: 'won' | 'lost' | 'void' | 'pending';
  /** When it was settled (required unless pending). */
  settledAt?: Date;
  amount?: string;
  /** Decimal odds; potential win = amount × odds. */
  odds?: string;
  sport?: Sport;
  description?: string;
  /** On a listed event of its own (a 'sample' event, inserted here), as a graded pick on its home side. */
  graded?: boolean;
  /** The event's start (recorded 7 hours before it); by default 7 hours after a recording a day before settling. */
  eventAt?: Date;
}

/**
 * Inserts bets in one statement, recorded a day before they settle and with the event 7 hours
 * after recording (the 6-hour rule holds), as the app would have written them back then.
 */
export async function insertBets(env: TestEnv, userId: string, list: SeedBet[]) {
  const now = env.clock.now();
  const rows = list.map((b, i) => {
    const amount = b.amount ?? '10.00';
    const odds = b.odds ?? '2.5';
    const potential = ((Math.round(Number(amount) * 100) * Number(odds)) / 100).toFixed(2);
    const settledAt = b.status === 'pending' ? null : (b.settledAt ?? now);
    const createdAt = b.eventAt
      ? new Date(b.eventAt.getTime() - 7 * HOUR_MS)
      : new Date((settledAt ?? now).getTime() - DAY_MS);
    return {
      user_id: userId,
      description: b.description ?? `Test bet ${i + 1}`,
      amount,
      odds,
      sport: b.sport ?? 'football',
      event_date: new Date(createdAt.getTime() + 7 * HOUR_MS).toISOString(),
      status: b.status,
      potential_win: potential,
      profit_loss:
        b.status === 'pending'
          ? null
          : b.status === 'won'
            ? (Number(potential) - Number(amount)).toFixed(2)
            : b.status === 'void'
              ? '0.00'
              : `-${amount}`,
      settled_at: settledAt?.toISOString() ?? null,
      created_at: createdAt.toISOString(),
      event_id: b.graded ? randomUUID() : null,
    };
  });
  const listed = rows.filter((r) => r.event_id !== null);
  if (listed.length > 0) {
    await env.db.execute(sql`
      insert into events (id, source_feed, source_id, sport, competition, home, away, starts_at)
      select event_id, 'sample', 'seed-' || event_id, sport, 'Seed League', 'Home', 'Away', event_date
      from json_to_recordset(${JSON.stringify(listed)}::json) as x(event_id uuid, sport text, event_date timestamptz)`);
  }
  await env.db.execute(sql`
    insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                      profit_loss, settled_at, created_at, event_id, market, selection, graded)
    select user_id, description, amount, odds, odds::numeric, sport, event_date, status, potential_win, profit_loss,
           settled_at, created_at, event_id, case when event_id is null then null else 'moneyline' end,
           case when event_id is null then null else 'home' end, event_id is not null
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(user_id text, description text, amount numeric,
         odds text, sport text, event_date timestamptz, status text, potential_win numeric, profit_loss numeric,
         settled_at timestamptz, created_at timestamptz, event_id uuid)`);
}

/** `n` copies of a bet. */
export const times = (n: number, bet: SeedBet): SeedBet[] => Array.from({ length: n }, () => ({ ...bet }));

/** A list of ids as one uuid[] parameter (Drizzle spreads a JavaScript array into a row). */
export const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** `count` listed soccer events starting 7 hours after `from`, a minute apart; their ids in order. */
export async function insertEvents(env: TestEnv, from: Date, prefix: string, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    env.db,
    sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
        select 'sample', ${prefix} || '-' || i, 'soccer', 'Test League', ${prefix} || ' Home ' || i, ${prefix} || ' Away ' || i,
               ${from.toISOString()}::timestamptz + interval '7 hours' + i * interval '1 minute'
        from generate_series(0, ${count - 1}) i
        order by i
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Every event of `ids` final: the first `homeWins` won by the home side 2-0, the rest by the away side 0-1. */
export async function grade(env: TestEnv, ids: string[], homeWins: number) {
  await env.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('betproof.grading_at', ${env.clock.now().toISOString()}, true)`);
    await tx.execute(sql`
      update events e set status = 'final',
             home_score = case when k.i <= ${homeWins} then 2 else 0 end,
             away_score = case when k.i <= ${homeWins} then 0 else 1 end
      from unnest(${uuids(ids)}) with ordinality k(id, i)
      where e.id = k.id`);
  });
}

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/harness.ts';
import { SITE_COUNTS_MAX_AGE_SECONDS } from '../../../shared/site-counts.ts';
import type { SiteCounts } from '../../../shared/community-schemas.ts';
import { queryRows } from '../../db/sql.ts';
import { createBettor, insertBets, times } from './helpers.test-support.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

async function counts(env: TestEnv): Promise<SiteCounts> {
  const res = await env.request('/api/community/counts');
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('cache-control')).toBe(`public, max-age=${SITE_COUNTS_MAX_AGE_SECONDS}`);
  return (await res.json()) as SiteCounts;
}

/** The same figures counted the slow way, straight from the rows they summarise. */
async function recount(env: TestEnv) {
  const [row] = await queryRows<{ bets: number; graded: number; ledger: number; public_bettors: number }>(
    env.db,
    sql`select (select count(*)::int from bets) as bets,
               (select count(*)::int from bets where graded) as graded,
               (select count(*)::int from bet_ledger) as ledger,
               (select count(distinct b.user_id)::int from bets b
                  join users u on u.id = b.user_id join user_settings us on us.user_id = b.user_id
                 where u.email_verified and us.privacy_settings -> 'profile_public' = 'true'::jsonb) as public_bettors`,
  );
  return row!;
}

/** `n` pending bets on one pick of one listed event (one position; graded from its result once it is final). */
async function insertGradedBets(env: TestEnv, userId: string, n: number) {
  const startsAt = new Date(env.clock.now().getTime() + 2 * DAY_MS).toISOString();
  const [event] = await queryRows<{ id: string }>(
    env.db,
    sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
        values ('sample', ${`e${userId}`}, 'soccer', 'Test League', 'Aces', 'Bears', ${startsAt})
        returning id`,
  );
  for (let i = 0; i < n; i++) {
    await env.db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                        potential_win, graded, event_id, market, selection)
      values (${userId}, 'Aces v Bears', '10.00', '2', 2, 'soccer', ${startsAt}, 'pending', '20.00',
              true, ${event!.id}, '1x2', 'home')`);
  }
}

describeEachDatabase('community: site counts', (env) => {
  it('counts bettors with a public record, bets, graded bets and ledger entries as the rows themselves do, and counts again only after a minute', async () => {
    const now = env().clock.now().getTime();
    const before = await counts(env());

    const shown = await createBettor(env());
    const hidden = await createBettor(env(), { public: false });
    await createBettor(env()); // public, but no bet: not a record yet
    await insertBets(env(), shown.userId, [
      ...times(3, { status: 'won', settledAt: new Date(now - DAY_MS) }),
      ...times(2, { status: 'pending' }),
    ]);
    await insertBets(env(), hidden.userId, times(4, { status: 'lost', settledAt: new Date(now - DAY_MS) }));
    await insertGradedBets(env(), shown.userId, 2);

    // Within the minute, the same answer (counted once, not on every visit).
    expect(await counts(env())).toEqual(before);

    env().clock.advance(SITE_COUNTS_MAX_AGE_SECONDS * 1000);
    const after = await counts(env());
    const truth = await recount(env());
    expect(after).toMatchObject({
      publicBettors: truth.public_bettors,
      betsRecorded: truth.bets,
      betsGraded: truth.graded,
      ledgerEntries: truth.ledger,
    });
    expect(after.publicBettors - before.publicBettors).toBe(1);
    expect(after.betsRecorded - before.betsRecorded).toBe(11);
    expect(after.betsGraded - before.betsGraded).toBe(2);
    expect(after.ledgerEntries).toBeGreaterThanOrEqual(after.betsRecorded);
    expect(Date.parse(after.countedAt)).toBeGreaterThan(Date.parse(before.countedAt));
  });
});

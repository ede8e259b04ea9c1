/**
 * The honest record (issue: settle after the start, a settled bet is final, delete only before
 * the start, overdue bets, the ledger): each rule through the API on the injected clock, and the
 * database refusing the same in direct SQL, whatever code would try it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createSiblingApp, describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { rowsOf, snapshotTables } from '../../test/db-snapshot.ts';
import { createBettor, insertBets, times } from '../community/helpers.test-support.ts';
import { countLedger } from '../ledger/queries.ts';
import { BET_PART_OF_RECORD_MESSAGE, OVERDUE_AFTER_MS, settleAfterMessage } from '../../../shared/bets.ts';
import type { Bet, BetStats } from '../../../shared/bet-schemas.ts';
import { verifyChain, type LedgerPage } from '../../../shared/ledger.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { deleteBet, settleBet } from './bet-writes.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

async function record(env: TestEnv, cookie: string, patch: Record<string, unknown> = {}): Promise<Bet> {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description: 'Arsenal to win',
      amount: '10',
      odds: '2.00',
      sport: 'soccer',
      eventDate: eventIn(env, 7 * HOUR_MS),
      ...patch,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

const settle = (env: TestEnv, cookie: string, id: string, status = 'won') =>
  env.request(`/api/bets/${id}`, { cookie, method: 'PATCH', body: { status } });
const remove = (env: TestEnv, cookie: string, id: string) =>
  env.request(`/api/bets/${id}`, { cookie, method: 'DELETE' });

async function usernameOf(env: TestEnv, cookie: string): Promise<string> {
  return ((await (await env.request('/api/profile', { cookie })).json()) as { username: string }).username;
}

/** A database error with its causes, as text (the rule's name is in it). */
function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { message, constraint } = e as { message?: string; constraint?: string };
    parts.push(String(message ?? ''), String(constraint ?? ''));
  }
  return parts.join(' ');
}

/** A direct SQL statement's error, as text. */
async function sqlError(env: TestEnv, query: ReturnType<typeof sql>): Promise<string> {
  try {
    await env.db.execute(query);
  } catch (err) {
    return errorText(err);
  }
  throw new Error('the statement was not refused');
}

describeEachDatabase('the honest record', (env) => {
  it('refuses to settle before the event starts, saying when, and changes nothing; settles once it has', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const bet = await record(env(), cookie, { eventDate: eventIn(env(), 30 * HOUR_MS) });
    const before = await snapshotTables(env());

    // The end-to-end tests' clock header means nothing to a server not started for them.
    const shifted = await env().request(`/api/bets/${bet.id}`, {
      cookie,
      method: 'PATCH',
      body: { status: 'won' },
      headers: { 'x-test-clock-offset': String(40 * HOUR_MS) },
    });
    expect(shifted.status).toBe(409);
    const early = await settle(env(), cookie, bet.id);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: settleAfterMessage(bet.eventDate, 'utc') });
    expect(await snapshotTables(env())).toEqual(before);

    env().clock.advance(30 * HOUR_MS + MINUTE_MS);
    const res = await settle(env(), cookie, bet.id, 'lost');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Bet).profitLoss).toBe('-10.00');
  });

  it('words the 409 as "Settle after the event starts: <month day, year, time> UTC"', () => {
    expect(settleAfterMessage('2026-11-21T20:00:00.000Z', 'utc')).toBe(
      'Settle after the event starts: Nov 21, 2026, 8:00 PM UTC',
    );
    expect(settleAfterMessage('2027-01-02T09:05:00.000Z', 'utc')).toBe(
      'Settle after the event starts: Jan 2, 2027, 9:05 AM UTC',
    );
  });

  it('with TEST_CLOCK_HEADER, shifts the clock of the one request that carries the header', async () => {
    const sibling = createSiblingApp(env(), { TEST_CLOCK_HEADER: 'true' });
    const { cookie } = await signUpAndSignIn(sibling);
    const bet = await record(env(), cookie, { eventDate: eventIn(env(), 30 * HOUR_MS) });
    const patch = (headers: Record<string, string> = {}) =>
      sibling.request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body: { status: 'won' }, headers });
    expect((await patch()).status).toBe(409);
    expect((await patch({ 'x-test-clock-offset': 'soon' })).status).toBe(409);
    const res = await patch({ 'x-test-clock-offset': String(31 * HOUR_MS) });
    expect(res.status).toBe(200);
    const settledAt = Date.parse(((await res.json()) as Bet).settledAt!);
    expect(settledAt - env().clock.now().getTime()).toBeGreaterThan(30 * HOUR_MS);
  });

  it('settles at the exact start and not a millisecond before (the injected clock at the edge)', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await record(env(), cookie);
    const start = new Date(bet.eventDate);
    const early = await settleBet(env().db, userId, bet.id, 'won', new Date(start.getTime() - 1));
    expect(early).toEqual({ ok: false, reason: 'not-started', eventDate: start });
    const onTime = await settleBet(env().db, userId, bet.id, 'won', start);
    expect(onTime.ok && onTime.bet.settledAt).toBe(bet.eventDate);
  });

  it('deletes before the start (a correction) and refuses after it, or once settled, changing nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const typo = await record(env(), cookie, { description: 'typo' });
    expect((await remove(env(), cookie, typo.id)).status).toBe(204);

    const kept = await record(env(), cookie);
    const settled = await record(env(), cookie);
    env().clock.advance(7 * HOUR_MS + MINUTE_MS);
    expect((await settle(env(), cookie, settled.id, 'lost')).status).toBe(200);
    const before = await snapshotTables(env());
    for (const id of [kept.id, settled.id]) {
      const res = await remove(env(), cookie, id);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
    }
    expect(await snapshotTables(env())).toEqual(before);
    // At the edge: the event's start is no longer "before the start".
    expect(await deleteBet(env().db, userId, kept.id, new Date(kept.eventDate))).toEqual({
      ok: false,
      reason: 'part-of-record',
    });
  });

  it('the database refuses, in direct SQL, what the handlers refuse', async () => {
    const { userId } = await createBettor(env());
    const now = Date.now();
    // Recorded two days ago for an event yesterday: started, pending; and one settled.
    const rows = rowsOf<{ id: string; status: string }>(
      await env().db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                          profit_loss, settled_at, created_at)
        values (${userId}, 'started', 10, '2.0', 2, 'soccer', ${new Date(now - 24 * HOUR_MS).toISOString()}, 'pending', 20,
                null, null, ${new Date(now - 48 * HOUR_MS).toISOString()}),
               (${userId}, 'settled', 10, '2.0', 2, 'soccer', ${new Date(now - 24 * HOUR_MS).toISOString()}, 'won', 20,
                10, ${new Date(now - 20 * HOUR_MS).toISOString()}, ${new Date(now - 48 * HOUR_MS).toISOString()}),
               (${userId}, 'future', 10, '2.0', 2, 'soccer', ${new Date(now + 24 * HOUR_MS).toISOString()}, 'pending', 20,
                null, null, ${new Date(now).toISOString()})
        returning id, description as status`),
    );
    const [started, settled, future] = rows.map((r) => r.id);
    const before = await snapshotTables(env());

    // Settling before the event starts.
    expect(
      await sqlError(
        env(),
        sql`update bets set status = 'won', profit_loss = 10, settled_at = now() where id = ${future}`,
      ),
    ).toContain('bets_settled_after_event_start');
    // Changing a settled bet: result, stake, odds, event, times.
    for (const change of [
      sql`status = 'lost', profit_loss = -10`,
      sql`amount = 1`,
      sql`odds = '9.0', decimal_odds = 9`,
      sql`event_date = event_date + interval '1 day'`,
      sql`settled_at = settled_at + interval '1 hour'`,
      sql`status = 'pending', profit_loss = null, settled_at = null`,
    ]) {
      expect(await sqlError(env(), sql`update bets set ${change} where id = ${settled}`)).toContain(
        'bets_settled_is_final',
      );
    }
    // Changing a pending bet other than by settling it.
    expect(await sqlError(env(), sql`update bets set description = 'edited' where id = ${started}`)).toContain(
      'bets_pending_only_settles',
    );
    // Deleting after the start, or a settled bet.
    for (const id of [started, settled]) {
      expect(await sqlError(env(), sql`delete from bets where id = ${id}`)).toContain('bets_delete_before_event_start');
    }
    // The ledger: no update, no delete.
    expect(await sqlError(env(), sql`update bet_ledger set at = at where user_id = ${userId}`)).toContain(
      'bet_ledger_append_only',
    );
    expect(await sqlError(env(), sql`delete from bet_ledger where user_id = ${userId}`)).toContain(
      'bet_ledger_append_only',
    );
    expect(await snapshotTables(env())).toEqual(before);

    // What stays allowed: deleting the bet whose event is ahead, and erasing the whole account.
    await env().db.execute(sql`delete from bets where id = ${future}`);
    await env().db.execute(sql`delete from users where id = ${userId}`);
    const left = rowsOf<{ bets: number; ledger: number }>(
      await env().db.execute(sql`select (select count(*)::int from bets where user_id = ${userId}) as bets,
                                        (select count(*)::int from bet_ledger where user_id = ${userId}) as ledger`),
    );
    expect(left).toEqual([{ bets: 0, ledger: 0 }]);
  });

  it('counts overdue bets from 72 hours after the start, on the profile and the dashboard stats', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), cookie);
    const bet = await record(env(), cookie);
    const overdue = async () => {
      const stats = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
      const profile = (await (await env().request(`/api/profiles/${username}`)).json()) as PublicProfile;
      expect(profile.stats.overdue).toBe(stats.overdue);
      return stats.overdue;
    };
    expect(await overdue()).toBe(0);
    const untilOverdue = new Date(bet.eventDate).getTime() + OVERDUE_AFTER_MS - env().clock.now().getTime();
    env().clock.advance(untilOverdue - MINUTE_MS);
    expect(await overdue()).toBe(0);
    env().clock.advance(2 * MINUTE_MS);
    expect(await overdue()).toBe(1);
    expect((await settle(env(), cookie, bet.id, 'lost')).status).toBe(200);
    expect(await overdue()).toBe(0);
  });

  // The Spotlight ranks graded positions only (ranking.test.ts), which are never overdue: a
  // self-reported record shows the rule on the influencer directory, which lists unranked bettors too.
  it('leaves a bettor with an overdue bet out of the influencer directory until it is settled', async () => {
    const { userId, username } = await createBettor(env());
    // A record no other test's bettor reaches (22 wins at 50.0), so this one ranks first when it is ranked at all.
    await insertBets(env(), userId, times(22, { status: 'won', odds: '50' }));
    const listed = async () => {
      const influencers = (await (await env().request(`/api/community/influencers?search=${username}`)).json()) as {
        entries: { username: string }[];
      };
      return influencers.entries.some((e) => e.username === username);
    };
    expect(await listed()).toBe(true);

    // A pending bet whose event started 73 hours ago.
    const now = env().clock.now().getTime();
    const [{ id }] = rowsOf<{ id: string }>(
      await env().db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at)
        values (${userId}, 'left pending', 10, '2.0', 2, 'soccer', ${new Date(now - 73 * HOUR_MS).toISOString()}, 20,
                ${new Date(now - 80 * HOUR_MS).toISOString()})
        returning id`),
    ) as [{ id: string }];
    expect(await listed()).toBe(false);

    expect((await settleBet(env().db, userId, id, 'lost', env().clock.now())).ok).toBe(true);
    expect(await listed()).toBe(true);
  });

  it('keeps one chain per user with no forks or gaps under 50 concurrent writers', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), cookie);
    const recorded = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        env().request('/api/bets', {
          cookie,
          body: {
            description: `bet ${i}`,
            amount: '5',
            odds: '+120',
            sport: 'tennis',
            eventDate: eventIn(env(), 7 * HOUR_MS),
          },
        }),
      ),
    );
    expect(recorded.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = await Promise.all(recorded.map(async (r) => ((await r.json()) as Bet).id));
    env().clock.advance(7 * HOUR_MS + MINUTE_MS);
    const settled = await Promise.all(ids.map((id, i) => settle(env(), cookie, id, i % 2 ? 'won' : 'lost')));
    expect(settled.map((r) => r.status)).toEqual(Array(50).fill(200));

    const page = (await (await env().request(`/api/profiles/${username}/ledger?limit=1000`)).json()) as LedgerPage;
    expect(page.entries.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(verifyChain(page.entries, sha256)).toEqual({ ok: true, head: page.head, count: 100 });
  });

  it("back-fills a history written before the ledger in the order it happened (the migration's own function)", async () => {
    const { userId, username } = await createBettor(env());
    await env().db.execute(sql`alter table bets disable trigger bets_ledger_append`);
    try {
      const day = 24 * HOUR_MS;
      const t0 = env().clock.now().getTime() - 10 * day;
      // Recorded A, recorded B, settled B, settled A (settlement order differs from recording order).
      await env().db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                          profit_loss, settled_at, created_at)
        values (${userId}, 'A', 10, '2.0', 2, 'soccer', ${new Date(t0 + 2 * day).toISOString()}, 'won', 20, 10,
                ${new Date(t0 + 4 * day).toISOString()}, ${new Date(t0).toISOString()}),
               (${userId}, 'B', 7.5, '3/1', 4, 'tennis', ${new Date(t0 + 2 * day).toISOString()}, 'lost', 30, -7.5,
                ${new Date(t0 + 3 * day).toISOString()}, ${new Date(t0 + day).toISOString()})`);
    } finally {
      await env().db.execute(sql`alter table bets enable trigger bets_ledger_append`);
    }
    expect(await countLedger(env().db, userId)).toBe(0);
    await env().db.execute(sql`select bet_ledger_backfill()`);
    const page = (await (await env().request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage;
    expect(page.entries.map((e) => `${e.kind} ${e.bet.description} ${e.bet.status} ${e.bet.profit}`)).toEqual([
      'recorded A pending null',
      'recorded B pending null',
      'settled B lost -750',
      'settled A won 1000',
    ]);
    expect(verifyChain(page.entries, sha256).ok).toBe(true);
    // Each entry says it was written after the fact; the transaction's later entries do not.
    expect(page.entries.map((e) => e.origin)).toEqual(['backfill', 'backfill', 'backfill', 'backfill']);
    // Run again, it appends nothing: the user has a chain now.
    await env().db.execute(sql`select bet_ledger_backfill()`);
    expect(await countLedger(env().db, userId)).toBe(4);
  });

  it('marks an entry with its origin only when the transaction says seed or backfill, and refuses any other', async () => {
    const { userId, username } = await createBettor(env());
    const origins = async () =>
      ((await (await env().request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage).entries.map(
        (e) => e.origin ?? 'none',
      );
    const start = new Date(env().clock.now().getTime() + 24 * HOUR_MS).toISOString();
    const insert = (origin: string | null) =>
      env().db.transaction(async (tx) => {
        if (origin !== null) await tx.execute(sql`select set_config('betproof.ledger_origin', ${origin}, true)`);
        await tx.execute(sql`
          insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win)
          values (${userId}, ${`Origin ${origin}`}, 10, '2.0', 2, 'soccer', ${start}, 'pending', 20)`);
      });
    await insert(null);
    await insert('seed');
    await insert(null);
    expect(await origins()).toEqual(['none', 'seed', 'none']);
    expect(await insert('import').then(() => 'accepted', errorText)).toMatch(
      /betproof\.ledger_origin must be seed or backfill, not import/,
    );
    expect(await origins()).toEqual(['none', 'seed', 'none']);
  });

  it("hides a private profile's ledger from others, and shows the whole chain when it turns public", async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), cookie);
    await record(env(), cookie);
    const setPublic = (profilePublic: boolean) =>
      env().request('/api/profile/settings', {
        cookie,
        method: 'PUT',
        body: { profilePublic, social: { twitter: '', instagram: '', youtube: '', website: '' } },
      });
    expect((await setPublic(false)).status).toBe(200);
    await record(env(), cookie);
    for (const path of [`/api/profiles/${username}/ledger`, `/api/profiles/${username}/ledger.ndjson`]) {
      expect((await env().request(path)).status).toBe(404);
      expect((await env().request(path, { cookie })).status).toBe(200);
    }
    expect((await setPublic(true)).status).toBe(200);
    const page = (await (await env().request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage;
    expect(page.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(verifyChain(page.entries, sha256).ok).toBe(true);
    expect((await env().request('/api/profiles/no_such_user_x/ledger')).status).toBe(404);
    expect((await env().request(`/api/profiles/${username}/ledger?limit=1001`)).status).toBe(422);
  });
});

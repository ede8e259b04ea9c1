/**
 * Void / push: a fourth result under the same rules as won and lost — only after the
 * event starts, final once set, on the ledger — with the stake returned (profit 0.00) and no
 * effect on any rate. Through the API on the injected clock, and refused in direct SQL.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { rowsOf, snapshotTables } from '../../test/db-snapshot.ts';
import { createBettor } from '../community/helpers.test-support.ts';
import { BET_ALREADY_SETTLED_MESSAGE, settleAfterMessage } from '../../../shared/bets.ts';
import type { Bet, BetStats } from '../../../shared/bet-schemas.ts';
import { verifyChain, type LedgerPage } from '../../../shared/ledger.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function record(env: TestEnv, cookie: string, patch: Record<string, unknown> = {}): Promise<Bet> {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description: 'Arsenal v Spurs, draw no bet',
      amount: '10',
      odds: '2.00',
      sport: 'soccer',
      eventDate: new Date(env.clock.now().getTime() + 7 * HOUR_MS).toISOString(),
      ...patch,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

const settle = (env: TestEnv, cookie: string, id: string, status: string) =>
  env.request(`/api/bets/${id}`, { cookie, method: 'PATCH', body: { status } });

const statsOf = async (env: TestEnv, cookie: string) =>
  (await (await env.request('/api/bets/stats', { cookie })).json()) as BetStats;

/** A direct SQL statement's error, as text (the rule's name is in it). */
async function sqlError(env: TestEnv, query: ReturnType<typeof sql>): Promise<string> {
  try {
    await env.db.execute(query);
  } catch (err) {
    const parts: string[] = [];
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
      const { message, constraint } = e as { message?: string; constraint?: string };
      parts.push(String(message ?? ''), String(constraint ?? ''));
    }
    return parts.join(' ');
  }
  throw new Error('the statement was not refused');
}

describeEachDatabase('void / push', (env) => {
  it('settles void only after the start, returning the stake, once; the ledger shows it', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = ((await (await env().request('/api/profile', { cookie })).json()) as { username: string })
      .username;
    const bet = await record(env(), cookie, { amount: '25.50' });

    const before = await snapshotTables(env());
    const early = await settle(env(), cookie, bet.id, 'void');
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: settleAfterMessage(bet.eventDate, 'utc') });
    expect(await snapshotTables(env())).toEqual(before);

    env().clock.advance(7 * HOUR_MS + MINUTE_MS);
    const from = env().clock.now().getTime();
    const res = await settle(env(), cookie, bet.id, 'void');
    expect(res.status).toBe(200);
    const voided = (await res.json()) as Bet;
    expect(voided).toMatchObject({ status: 'void', profitLoss: '0.00', amount: '25.50' });
    // Settled at the server's clock (the test clock runs on from where it was moved).
    expect(Date.parse(voided.settledAt!)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(voided.settledAt!)).toBeLessThanOrEqual(env().clock.now().getTime());

    // Final: neither another result nor void again.
    const after = await snapshotTables(env());
    for (const status of ['won', 'lost', 'void']) {
      const again = await settle(env(), cookie, bet.id, status);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: BET_ALREADY_SETTLED_MESSAGE });
    }
    expect(await snapshotTables(env())).toEqual(after);

    const page = (await (await env().request(`/api/profiles/${username}/ledger`, { cookie })).json()) as LedgerPage;
    expect(page.entries.map((e) => [e.kind, e.bet.status, e.bet.profit, e.bet.stake])).toEqual([
      ['recorded', 'pending', null, 2550],
      ['settled', 'void', 0, 2550],
    ]);
    expect(verifyChain(page.entries, sha256)).toEqual({ ok: true, head: page.head, count: 2 });
  });

  it('counts a void bet and leaves it out of every rate', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const won = await record(env(), cookie, { amount: '10', odds: '3.00' });
    const lost = await record(env(), cookie, { amount: '10', odds: '2.00' });
    const pushed = await record(env(), cookie, { amount: '1000', odds: '1.50' });
    env().clock.advance(7 * HOUR_MS + MINUTE_MS);
    for (const [bet, status] of [
      [won, 'won'],
      [lost, 'lost'],
    ] as const) {
      expect((await settle(env(), cookie, bet.id, status)).status).toBe(200);
    }
    const without = await statsOf(env(), cookie);
    expect((await settle(env(), cookie, pushed.id, 'void')).status).toBe(200);
    const withVoid = await statsOf(env(), cookie);
    expect(withVoid).toEqual({ ...without, pending: 0, voided: 1 });
    expect(withVoid).toMatchObject({
      totalBets: 3,
      won: 1,
      lost: 1,
      winRate: 50,
      totalStaked: '1020.00',
      totalProfit: '10.00',
      settledStaked: '20.00',
      roi: 50,
      levelStakesYield: 50,
      averageOdds: '2.50',
    });
  });

  it('refuses a status that is not a result, naming the three', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const bet = await record(env(), cookie);
    env().clock.advance(7 * HOUR_MS + MINUTE_MS);
    const before = await snapshotTables(env());
    for (const status of ['push', 'VOID', 'pending']) {
      const res = await settle(env(), cookie, bet.id, status);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        error: "status: Status must be 'won', 'lost' or 'void'",
        fields: { status: "Status must be 'won', 'lost' or 'void'" },
      });
    }
    expect(await snapshotTables(env())).toEqual(before);
  });

  it('the database refuses, in direct SQL, a void bet that keeps money, settles early or changes', async () => {
    const { userId } = await createBettor(env());
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const rows = rowsOf<{ id: string }>(
      await env().db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                          profit_loss, settled_at, created_at)
        values (${userId}, 'started', 10, '2.0', 2, 'soccer', ${iso(now - 24 * HOUR_MS)}, 'pending', 20, null, null,
                ${iso(now - 48 * HOUR_MS)}),
               (${userId}, 'void', 10, '2.0', 2, 'soccer', ${iso(now - 24 * HOUR_MS)}, 'void', 20, 0,
                ${iso(now - 20 * HOUR_MS)}, ${iso(now - 48 * HOUR_MS)}),
               (${userId}, 'future', 10, '2.0', 2, 'soccer', ${iso(now + 24 * HOUR_MS)}, 'pending', 20, null, null,
                ${iso(now)})
        returning id`),
    );
    const [started, voided, future] = rows.map((r) => r.id);
    const before = await snapshotTables(env());

    // A void bet keeps no profit and loses nothing.
    for (const profit of [10, -10, 0.01]) {
      expect(
        await sqlError(
          env(),
          sql`update bets set status = 'void', profit_loss = ${profit}, settled_at = now() where id = ${started}`,
        ),
      ).toContain('bets_void_returns_stake');
    }
    // Void before the event starts.
    expect(
      await sqlError(
        env(),
        sql`update bets set status = 'void', profit_loss = 0, settled_at = now() where id = ${future}`,
      ),
    ).toContain('bets_settled_after_event_start');
    // A void bet is final: not won, lost, pending or re-dated.
    for (const change of [
      sql`status = 'won', profit_loss = 10`,
      sql`status = 'lost', profit_loss = -10`,
      sql`status = 'pending', profit_loss = null, settled_at = null`,
      sql`settled_at = settled_at + interval '1 hour'`,
    ]) {
      expect(await sqlError(env(), sql`update bets set ${change} where id = ${voided}`)).toContain(
        'bets_settled_is_final',
      );
    }
    // Nor deleted.
    expect(await sqlError(env(), sql`delete from bets where id = ${voided}`)).toContain(
      'bets_delete_before_event_start',
    );
    // Any other word is no status.
    expect(
      await sqlError(
        env(),
        sql`update bets set status = 'push', profit_loss = 0, settled_at = now() where id = ${started}`,
      ),
    ).toContain('bets_status');
    expect(await snapshotTables(env())).toEqual(before);

    // What the rule allows: void after the start, with the stake returned.
    await env().db.execute(
      sql`update bets set status = 'void', profit_loss = 0, settled_at = now() where id = ${started}`,
    );
    const [ledger] = rowsOf<{ body: string }>(
      await env().db.execute(
        sql`select body from bet_ledger where user_id = ${userId} and bet_id = ${started} and kind = 'settled'`,
      ),
    );
    expect(ledger!.body).toContain('"profit":0,');
    expect(ledger!.body).toContain('"status":"void"');
  });
});

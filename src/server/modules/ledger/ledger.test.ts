import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { GENESIS_HASH, verifyChain, type LedgerEntry, type LedgerPage } from '../../../shared/ledger.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { countLedger } from './queries.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

async function record(env: TestEnv, cookie: string, patch: Record<string, unknown> = {}): Promise<Bet> {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description: 'Lakers ML',
      amount: '10',
      odds: '+150',
      sport: 'basketball',
      eventDate: eventIn(env, 7 * HOUR_MS),
      ...patch,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

async function usernameOf(env: TestEnv, cookie: string): Promise<string> {
  const res = await env.request('/api/profile', { cookie });
  return ((await res.json()) as { username: string }).username;
}

async function ledger(env: TestEnv, username: string, query = '', cookie?: string): Promise<LedgerPage> {
  const res = await env.request(`/api/profiles/${username}/ledger${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as LedgerPage;
}

describeEachDatabase('public ledger', (env) => {
  it('appends recorded, settled and deleted entries that verify, hashed as docs/LEDGER.md says', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), cookie);
    const a = await record(env(), cookie, {
      description: 'Quote " and \\ and \u0007 and é 😀',
      amount: '12.34',
      odds: '5/2',
    });
    const b = await record(env(), cookie, { eventDate: eventIn(env(), 30 * HOUR_MS) });
    expect((await env().request(`/api/bets/${b.id}`, { cookie, method: 'DELETE' })).status).toBe(204);
    env().clock.advance(8 * HOUR_MS);
    const settled = await env().request(`/api/bets/${a.id}`, { cookie, method: 'PATCH', body: { status: 'won' } });
    expect(settled.status).toBe(200);

    const page = await ledger(env(), username);
    expect(page.username).toBe(username);
    expect(page.entries.map((e) => [e.seq, e.kind, e.bet.id, e.bet.status, e.bet.profit])).toEqual([
      [1, 'recorded', a.id, 'pending', null],
      [2, 'recorded', b.id, 'pending', null],
      [3, 'deleted', b.id, 'pending', null],
      [4, 'settled', a.id, 'won', 3085], // 12.34 × 3.5 − 12.34
    ]);
    const first = page.entries[0]!;
    expect(first.prevHash).toBe(GENESIS_HASH);
    expect(first.bet).toEqual({
      id: a.id,
      description: 'Quote " and \\ and \u0007 and é 😀',
      sport: 'basketball',
      stake: 1234,
      odds: '5/2',
      eventStart: a.eventDate,
      status: 'pending',
      profit: null,
    });
    expect(first.at).toBe(a.createdAt);
    const check = verifyChain(page.entries, sha256);
    expect(check).toEqual({ ok: true, head: page.head, count: 4 });
    expect(page.head.seq).toBe(4);

    // Paging: after=2&limit=1 is entry 3 alone, with the same head.
    const paged = await ledger(env(), username, '?after=2&limit=1');
    expect(paged.entries.map((e) => e.seq)).toEqual([3]);
    expect(paged.head).toEqual(page.head);
    // At the head: nothing new. Beyond it: the chain is shorter than the follower's saved head.
    expect((await ledger(env(), username, '?after=4')).entries).toEqual([]);
    const beyond = await env().request(`/api/profiles/${username}/ledger?after=5`);
    expect(beyond.status).toBe(409);
    expect(await beyond.json()).toEqual({ error: 'The chain is shorter than your saved head: it ends at entry 4' });

    // NDJSON: the same entries, one per line, byte for byte as the JSON answer's.
    const nd = await env().request(`/api/profiles/${username}/ledger.ndjson`);
    expect(nd.status).toBe(200);
    expect(nd.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = (await nd.text()).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as LedgerEntry)).toEqual(page.entries);
    // Both send the entries as stored, the JSON page with the head read in the same snapshot.
    const raw = await env().request(`/api/profiles/${username}/ledger`);
    expect(raw.headers.get('content-type')).toBe('application/json');
    expect(await raw.text()).toBe(
      `{"username":"${username}","head":{"seq":4,"hash":"${page.head.hash}"},"entries":[${lines.join(',')}],"logIndexes":[null,null,null,null]}`,
    );
  });

  it('refuses to update or delete a ledger row in SQL, and to truncate bets or the ledger', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    await record(env(), cookie);
    const attempts = [
      sql`update bet_ledger set body = body where user_id = ${userId}`,
      sql`delete from bet_ledger where user_id = ${userId}`,
      sql`truncate bet_ledger`,
      sql`truncate bets`,
    ];
    for (const attempt of attempts) await expect(env().db.execute(attempt)).rejects.toThrow();
    expect(await countLedger(env().db, userId)).toBe(1);
  });
});

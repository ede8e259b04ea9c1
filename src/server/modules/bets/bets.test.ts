import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { bets } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { TEST_BASE_URL, describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { countLedger } from '../ledger/queries.ts';
import {
  BET_PART_OF_RECORD_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_MESSAGE,
  OVERDUE_AFTER_MS,
} from '../../../shared/bets.ts';
import type { Bet, BetPage, BetStats } from '../../../shared/bet-schemas.ts';
import { computeStats } from '../../../shared/stats.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

/** An ISO event time `ms` after the app's clock. */
const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

const betBody = (env: TestEnv, patch: Record<string, unknown> = {}) => ({
  description: 'Lakers ML vs Celtics',
  amount: '10',
  odds: '+150',
  sport: 'basketball',
  eventDate: eventIn(env, 24 * HOUR_MS),
  ...patch,
});

async function recordOk(env: TestEnv, cookie: string, patch: Record<string, unknown> = {}): Promise<Bet> {
  const res = await env.request('/api/bets', { cookie, body: betBody(env, patch) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

const settle = (env: TestEnv, cookie: string, id: string, status: unknown) =>
  env.request(`/api/bets/${id}`, { cookie, method: 'PATCH', body: { status } });

const remove = (env: TestEnv, cookie: string, id: string) =>
  env.request(`/api/bets/${id}`, { cookie, method: 'DELETE' });

async function listAll(env: TestEnv, cookie: string, limit = 100): Promise<Bet[]> {
  const all: Bet[] = [];
  let cursor: string | null = null;
  do {
    const query: string = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) }).toString();
    const res = await env.request(`/api/bets?${query}`, { cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as BetPage;
    all.push(...page.bets);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const rowOf = async (env: TestEnv, id: string) => (await env.db.select().from(bets).where(eq(bets.id, id)))[0];

/** Moves the app's clock just past the start of the events `betBody` records by default (24 h ahead). */
const pastTheStart = (env: TestEnv) => env.clock.advance(24 * HOUR_MS + MINUTE_MS);

describeEachDatabase('bets API', (env) => {
  it('answers 401 "Not authenticated" to anonymous callers on every endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      env().request('/api/bets'),
      env().request('/api/bets/stats'),
      env().request('/api/bets', { body: betBody(env()) }),
      env().request(`/api/bets/${id}`, { method: 'PATCH', body: { status: 'won' } }),
      env().request(`/api/bets/${id}`, { method: 'DELETE' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not authenticated' });
    }
  });

  it('records a bet with its potential win, odds as typed and the server clock as created_at', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const eventDate = eventIn(env(), 48 * HOUR_MS);
    const before = env().clock.now().getTime();
    const res = await env().request('/api/bets', {
      cookie,
      body: { description: '  Lakers ML  ', amount: '10.50', odds: ' +150 ', sport: 'basketball', eventDate },
    });
    expect(res.status).toBe(201);
    const bet = (await res.json()) as Bet;
    expect(bet).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      description: 'Lakers ML',
      amount: '10.50',
      odds: '+150',
      decimalOdds: '2.500000',
      sport: 'basketball',
      eventDate,
      status: 'pending',
      potentialWin: '26.25',
      profitLoss: null,
      settledAt: null,
      createdAt: expect.any(String),
      // No unit size set when it was recorded.
      unitSize: null,
      legs: null,
      // Self-reported: on no listed event.
      kind: 'self-reported',
      eventId: null,
      market: null,
      selection: null,
      line: null,
    });
    const createdAt = Date.parse(bet.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(env().clock.now().getTime());
    const row = await rowOf(env(), bet.id);
    expect(row).toMatchObject({ userId, amount: '10.50', potentialWin: '26.25', betType: 'basketball', odds: '+150' });
  });

  it.each([
    ['10', '+150', '25.00', '2.500000'],
    ['110', '-110', '210.00', '1.909091'],
    ['10', '5/2', '35.00', '3.500000'],
    ['10', '2.5', '25.00', '2.500000'],
    ['10', '150', '25.00', '2.500000'],
    ['10', '-100', '20.00', '2.000000'],
    ['0.01', '1/3', '0.01', '1.333333'],
    ['1000000', '+9999900', '100000000000.00', '100000.000000'],
  ])('$%s at %s pays %s', async (amount, odds, potentialWin, decimalOdds) => {
    const { cookie } = await signUpAndSignIn(env());
    const bet = await recordOk(env(), cookie, { amount, odds });
    expect(bet).toMatchObject({ odds, potentialWin, decimalOdds });
  });

  it('accepts an event 6 h 1 min ahead and rejects one 5 h 59 min or exactly 6 h ahead', async () => {
    const { cookie } = await signUpAndSignIn(env());
    await recordOk(env(), cookie, { eventDate: eventIn(env(), 6 * HOUR_MS + MINUTE_MS) });
    for (const ahead of [6 * HOUR_MS - MINUTE_MS, 6 * HOUR_MS, 0, -HOUR_MS]) {
      const res = await env().request('/api/bets', {
        cookie,
        body: betBody(env(), { eventDate: eventIn(env(), ahead) }),
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        error: EVENT_TOO_SOON_MESSAGE,
        fields: { eventDate: EVENT_TOO_SOON_MESSAGE },
      });
    }
    expect((await listAll(env(), cookie)).length).toBe(1);
  });

  it('checks the 6-hour rule against the server clock, not the caller', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const eventDate = eventIn(env(), 7 * HOUR_MS);
    env().clock.advance(2 * HOUR_MS);
    try {
      const res = await env().request('/api/bets', { cookie, body: betBody(env(), { eventDate }) });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: string }).error).toBe(EVENT_TOO_SOON_MESSAGE);
    } finally {
      env().clock.reset();
    }
    await recordOk(env(), cookie, { eventDate });
  });

  it('maps the database CHECK (the clock moved between validation and insert) to the same 422, never a 500', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const t0 = Date.now();
    // The first three readings (the write quota's window, the cool-off check, then validation) say
    // t0; every later one (the insert's created_at) is an hour on.
    let readings = 0;
    const now = () => new Date(readings++ < 3 ? t0 : t0 + HOUR_MS);
    const { app } = createApp({
      config: env().config,
      db: env().db,
      mailer: env().mailer,
      logger: createLogger('silent'),
      now,
    });
    const body = {
      ...betBody(env()),
      eventDate: new Date(t0 + 6 * HOUR_MS + 30 * MINUTE_MS).toISOString(),
    };
    const res = await app.request('/api/bets', {
      method: 'POST',
      headers: { cookie, origin: TEST_BASE_URL, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(readings).toBe(4);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: EVENT_TOO_SOON_MESSAGE, fields: { eventDate: EVENT_TOO_SOON_MESSAGE } });
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
  });

  it('rejects invalid odds with "Invalid odds" and an example of each format', async () => {
    const { cookie } = await signUpAndSignIn(env());
    for (const odds of ['+50', '-99', '1.0', '0.5', 'abc', '5/0', '1e3', '2,5']) {
      const res = await env().request('/api/bets', { cookie, body: betBody(env(), { odds }) });
      expect(res.status, odds).toBe(422);
      expect(await res.json()).toEqual({ error: 'Invalid odds', fields: { odds: INVALID_ODDS_MESSAGE } });
    }
  });

  it.each([
    ['description', { description: '   ' }, 'Description is required'],
    ['description', { description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    ['description', { description: 'nul\u0000byte' }, 'Description must not contain control character NUL'],
    ['amount', { amount: 10 }, 'Stake (amount) must be a decimal string such as "10.50", not a JSON number'],
    ['amount', { amount: '0' }, 'Stake must be at least $0.01'],
    ['amount', { amount: '0.001' }, 'Stake must be a number with at most 2 decimals, such as 10 or 10.50'],
    ['amount', { amount: '1000000.01' }, 'Stake must be at most $1,000,000'],
    ['amount', { amount: '-5' }, 'Stake must be at least $0.01'],
    ['sport', { sport: 'curling' }, 'Sport must be one of football, basketball, baseball, soccer, tennis, mma, other'],
    ['eventDate', { eventDate: '2030-01-01T10:00:00' }, expect.stringContaining('ISO 8601')],
    ['eventDate', { eventDate: 'tomorrow' }, expect.stringContaining('ISO 8601')],
    ['eventDate', { eventDate: '2100-01-01T10:00:00Z' }, 'Event date must be at most 2 years ahead'],
    ['userId', { userId: 'someone-else' }, 'Unknown field'],
    ['status', { status: 'won' }, 'Unknown field'],
  ])('rejects a bad %s with 422 naming the field', async (field, patch, message) => {
    const { cookie } = await signUpAndSignIn(env());
    const res = await env().request('/api/bets', { cookie, body: betBody(env(), patch) });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({ [field]: message });
    expect(body.error).toContain(field);
  });

  it('names every missing field at once', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const res = await env().request('/api/bets', { cookie, body: {} });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      description: 'Description is required',
      amount: 'Stake is required',
      odds: 'Odds are required',
      sport: 'Sport is required',
      eventDate: 'Event date is required',
    });
  });

  it('answers malformed bodies with 4xx, never 5xx, and writes nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    // Huge for a field, within the API's body-size limit (over it is a 413: body-limit.test.ts).
    const huge = 'x'.repeat(50_000);
    const bad: Array<{ body?: unknown; rawBody?: string; headers?: Record<string, string> }> = [
      { rawBody: '{"description": ', headers: { 'content-type': 'application/json' } },
      { rawBody: 'not json', headers: { 'content-type': 'application/json' } },
      { rawBody: '', headers: { 'content-type': 'application/json' } },
      { rawBody: 'description=x', headers: { 'content-type': 'text/plain' } },
      { body: null },
      { body: [] },
      { body: [betBody(env())] },
      { body: 'a string' },
      { body: 42 },
      { body: { ...betBody(env()), description: huge } },
      { body: { ...betBody(env()), amount: huge } },
      { body: { ...betBody(env()), odds: huge } },
      { body: { ...betBody(env()), sport: huge } },
      { body: { ...betBody(env()), eventDate: huge } },
      { body: { ...betBody(env()), [huge]: 1 } },
      { body: { ...betBody(env()), description: ['a'] } },
      { body: { ...betBody(env()), amount: { value: 10 } } },
      { body: { ...betBody(env()), amount: true } },
      { body: { ...betBody(env()), amount: 1e308 } },
      { body: { ...betBody(env()), amount: '1e3' } },
      { body: { ...betBody(env()), amount: 'NaN' } },
      { body: { ...betBody(env()), odds: null } },
      { body: { ...betBody(env()), eventDate: 1767225600000 } },
      { body: { ...betBody(env()), eventDate: '+275760-09-13T00:00:00Z' } },
      { body: { ...betBody(env()), sport: 'constructor' } },
      { body: JSON.parse('{"__proto__": {"x": 1}}') },
    ];
    for (const b of bad) {
      const res = await env().request('/api/bets', { cookie, ...b });
      expect([400, 415, 422], JSON.stringify(b).slice(0, 120)).toContain(res.status);
      expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
    }
    const malformed = await env().request('/api/bets', {
      cookie,
      rawBody: '{"description": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
  });

  it('never answers 5xx to arbitrary JSON on POST and PATCH', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const bet = await recordOk(env(), cookie);
    const fields = fc.record(
      {
        description: fc.oneof(fc.string(), fc.jsonValue()),
        amount: fc.oneof(fc.stringMatching(/^-?\d{0,9}(\.\d{0,4})?$/), fc.jsonValue()),
        odds: fc.oneof(fc.stringMatching(/^[+-]?\d{0,6}[./]?\d{0,4}$/), fc.jsonValue()),
        sport: fc.oneof(fc.constantFrom('soccer', 'tennis', 'x'), fc.jsonValue()),
        eventDate: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.jsonValue(),
        ),
        status: fc.oneof(fc.constantFrom('won', 'lost', 'pending'), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fields, fc.jsonValue()), async (body) => {
        const created = await env().request('/api/bets', { cookie, body });
        expect(created.status).toBeLessThan(500);
        const settled = await settle(env(), cookie, bet.id, (body as { status?: unknown } | null)?.status);
        expect(settled.status).toBeLessThan(500);
        const patched = await env().request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body });
        expect(patched.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it('settles won and lost with the right profit and settled_at from the server clock', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const a = await recordOk(env(), cookie, { amount: '110', odds: '-110' });
    const b = await recordOk(env(), cookie, { amount: '25.50', odds: '5/2' });
    // A bet settles once its event has started (24 h after recording here), by the server's clock.
    pastTheStart(env());
    try {
      const won = await settle(env(), cookie, a.id, 'won');
      expect(won.status).toBe(200);
      const wonBet = (await won.json()) as Bet;
      expect(wonBet).toEqual({ ...a, status: 'won', profitLoss: '100.00', settledAt: expect.any(String) });
      const settledAt = Date.parse(wonBet.settledAt!);
      expect(Math.abs(settledAt - env().clock.now().getTime())).toBeLessThan(60_000);
      expect(settledAt - Date.parse(a.createdAt)).toBeGreaterThanOrEqual(24 * HOUR_MS);
      expect(settledAt).toBeGreaterThanOrEqual(Date.parse(a.eventDate));

      const lost = await settle(env(), cookie, b.id, 'lost');
      expect(lost.status).toBe(200);
      expect(await lost.json()).toEqual({ ...b, status: 'lost', profitLoss: '-25.50', settledAt: expect.any(String) });
    } finally {
      env().clock.reset();
    }
  });

  it('answers 409 to settling a settled bet and changes nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordOk(env(), cookie);
    pastTheStart(env());
    try {
      expect((await settle(env(), cookie, bet.id, 'won')).status).toBe(200);
      const before = await rowOf(env(), bet.id);
      const ledgerBefore = await countLedger(env().db, userId);
      expect(ledgerBefore).toBe(2);
      for (const status of ['lost', 'won']) {
        const again = await settle(env(), cookie, bet.id, status);
        expect(again.status).toBe(409);
        expect(await again.json()).toEqual({ error: 'Bet is already settled' });
      }
      expect(await rowOf(env(), bet.id)).toEqual(before);
      expect(await countLedger(env().db, userId)).toBe(ledgerBefore);
    } finally {
      env().clock.reset();
    }
  });

  it('lets exactly one of two concurrent settles win', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordOk(env(), cookie);
    pastTheStart(env());
    try {
      const results = await Promise.all([settle(env(), cookie, bet.id, 'won'), settle(env(), cookie, bet.id, 'lost')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const stats = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
      expect(stats.won + stats.lost).toBe(1);
      expect(stats.pending).toBe(0);
      // One recording, one settlement: the loser appended nothing.
      expect(await countLedger(env().db, userId)).toBe(2);
    } finally {
      env().clock.reset();
    }
  });

  it('rejects a settle body that is not won or lost', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const bet = await recordOk(env(), cookie);
    for (const body of [
      { status: 'pending' },
      { status: 'WON' },
      {},
      { status: 'won', profitLoss: '1000' },
      null,
      [],
    ]) {
      const res = await env().request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await rowOf(env(), bet.id))?.status).toBe('pending');
  });

  it('deletes an own pending bet before its event with 204, then it is gone; refuses with 409 once started or settled', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const typos = [await recordOk(env(), cookie), await recordOk(env(), cookie, { amount: '5' })];
    for (const bet of typos) {
      const res = await remove(env(), cookie, bet.id);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await rowOf(env(), bet.id)).toBeUndefined();
      const again = await remove(env(), cookie, bet.id);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ error: 'Bet not found' });
    }
    expect(await listAll(env(), cookie)).toEqual([]);

    const started = await recordOk(env(), cookie);
    const settled = await recordOk(env(), cookie);
    pastTheStart(env());
    try {
      expect((await settle(env(), cookie, settled.id, 'lost')).status).toBe(200);
      const rowsBefore = [await rowOf(env(), started.id), await rowOf(env(), settled.id)];
      const ledgerBefore = await countLedger(env().db, userId);
      for (const bet of [started, settled]) {
        const res = await remove(env(), cookie, bet.id);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
      }
      expect([await rowOf(env(), started.id), await rowOf(env(), settled.id)]).toEqual(rowsBefore);
      expect(await countLedger(env().db, userId)).toBe(ledgerBefore);
      expect((await listAll(env(), cookie)).map((b) => b.id)).toEqual([settled.id, started.id]);
    } finally {
      env().clock.reset();
    }
  });

  it("keeps each user's bets to themselves: 404 for another user's bet, exactly like a missing one", async () => {
    const alice = await signUpAndSignIn(env());
    const bob = await signUpAndSignIn(env());
    const pending = await recordOk(env(), alice.cookie, { eventDate: eventIn(env(), 48 * HOUR_MS) });
    const settled = await recordOk(env(), alice.cookie);
    pastTheStart(env());
    try {
      expect((await settle(env(), alice.cookie, settled.id, 'won')).status).toBe(200);
    } finally {
      env().clock.reset();
    }
    const before = [await rowOf(env(), pending.id), await rowOf(env(), settled.id)];
    expect(before.map((b) => b?.status)).toEqual(['pending', 'won']);

    expect(await listAll(env(), bob.cookie)).toEqual([]);
    const bobStats = (await (await env().request('/api/bets/stats', { cookie: bob.cookie })).json()) as BetStats;
    expect(bobStats.totalBets).toBe(0);

    const missing = '00000000-0000-4000-8000-000000000000';
    const ids = [pending.id, settled.id, missing, 'not-a-uuid', '1', `${pending.id}x`, 'stats', "' or 1=1 --"];
    for (const id of ids) {
      for (const status of ['won', 'lost']) {
        const res = await settle(env(), bob.cookie, encodeURIComponent(id), status);
        expect(res.status, `PATCH ${id}`).toBe(404);
        expect(await res.json()).toEqual({ error: 'Bet not found' });
      }
      const res = await remove(env(), bob.cookie, encodeURIComponent(id));
      expect(res.status, `DELETE ${id}`).toBe(404);
      expect(await res.json()).toEqual({ error: 'Bet not found' });
    }

    expect([await rowOf(env(), pending.id), await rowOf(env(), settled.id)]).toEqual(before);
    expect((await listAll(env(), alice.cookie)).map((b) => b.id)).toEqual([settled.id, pending.id]);
  });

  it('pages 45 bets as 20, 20 and 5, newest first, without duplicates', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const recorded: Bet[] = [];
    try {
      for (let i = 0; i < 45; i++) {
        recorded.push(await recordOk(env(), cookie, { description: `bet ${i}` }));
        env().clock.advance(1000);
      }
    } finally {
      env().clock.reset();
    }
    const pages: BetPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await env().request(`/api/bets${cursor ? `?cursor=${cursor}` : ''}`, { cookie });
      expect(res.status).toBe(200);
      const page = (await res.json()) as BetPage;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.bets.length)).toEqual([20, 20, 5]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = pages.flatMap((p) => p.bets.map((b) => b.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(recorded.map((b) => b.id).reverse());
  });

  it('breaks ties on created_at by id, and pages stay stable', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    await env().db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at)
      select ${userId}, 'tie ' || g, 10, '2.5', 2.5, 'soccer', '2020-01-02T00:00:00.123456Z', 25,
             '2020-01-01T00:00:00.123456Z'
      from generate_series(1, 7) g`);
    const seen = await listAll(env(), cookie, 2);
    expect(seen.length).toBe(7);
    const ids = seen.map((b) => b.id);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('answers an exact last page with nextCursor null, and an empty history with no bets', async () => {
    const { cookie } = await signUpAndSignIn(env());
    expect(await (await env().request('/api/bets', { cookie })).json()).toEqual({ bets: [], nextCursor: null });
    await recordOk(env(), cookie);
    await recordOk(env(), cookie);
    const page = (await (await env().request('/api/bets?limit=2', { cookie })).json()) as BetPage;
    expect(page.bets.length).toBe(2);
    expect(page.nextCursor).toBeNull();
    const first = (await (await env().request('/api/bets?limit=1', { cookie })).json()) as BetPage;
    expect(first.bets.length).toBe(1);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('validates limit and cursor', async () => {
    const { cookie } = await signUpAndSignIn(env());
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'limit=', 'limit=1&limit=2']) {
      const res = await env().request(`/api/bets?${query}`, { cookie });
      expect(res.status, query).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.limit).toBe(
        'Limit must be a whole number from 1 to 100',
      );
    }
    const garbage = Buffer.from('2020-01-01T00:00:00.000000Z|nope').toString('base64url');
    for (const cursor of ['x', garbage, '%00', 'a'.repeat(300), '!!']) {
      const res = await env().request(`/api/bets?cursor=${encodeURIComponent(cursor)}`, { cookie });
      expect(res.status, cursor).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ cursor: 'Invalid cursor' });
    }
    expect((await env().request('/api/bets?limit=100', { cookie })).status).toBe(200);
  });

  it('reports statistics that match a recount of the bets', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const empty = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
    expect(empty).toEqual({
      totalBets: 0,
      won: 0,
      lost: 0,
      pending: 0,
      voided: 0,
      winRate: 0,
      totalStaked: '0.00',
      totalProfit: '0.00',
      settledStaked: '0.00',
      roi: null,
      roiInterval: null,
      levelStakesYield: null,
      yieldInterval: null,
      pValue: null,
      maxDrawdown: '0.00',
      longestWinningRun: 0,
      longestLosingRun: 0,
      averageOdds: null,
      overdue: 0,
      unitSize: null,
    });

    const a = await recordOk(env(), cookie, { amount: '10', odds: '+150' });
    const b = await recordOk(env(), cookie, { amount: '110', odds: '-110' });
    const c = await recordOk(env(), cookie, { amount: '20', odds: '5/2' });
    await recordOk(env(), cookie, { amount: '5.55', odds: '2.5' });
    const gone = await recordOk(env(), cookie, { amount: '999', odds: '2.5' });
    expect((await remove(env(), cookie, gone.id)).status).toBe(204);
    pastTheStart(env());
    try {
      for (const [bet, status] of [
        [a, 'won'],
        [b, 'won'],
        [c, 'lost'],
      ] as const) {
        expect((await settle(env(), cookie, bet.id, status)).status).toBe(200);
      }

      const res = await env().request('/api/bets/stats', { cookie });
      expect(res.status).toBe(200);
      const stats = (await res.json()) as BetStats;
      expect(stats).toMatchObject({
        totalBets: 4,
        won: 2,
        lost: 1,
        pending: 1,
        voided: 0,
        winRate: 66.7,
        totalStaked: '145.55',
        totalProfit: '95.00',
        settledStaked: '140.00',
        roi: 67.9,
        // (1.5 + 0.909091 − 1) / 3 = 0.4697; (2.5 + 1.909091 + 3.5) / 3 = 2.6364.
        levelStakesYield: 47,
        averageOdds: '2.64',
        // +15, +100, then −20 from the peak of 115.
        maxDrawdown: '20.00',
        longestWinningRun: 2,
        longestLosingRun: 1,
        overdue: 0,
      });
      expect(stats).toEqual(computeStats(await listAll(env(), cookie), env().clock.now()));

      // The bet left pending becomes overdue 72 hours after its event started; nothing else moves.
      env().clock.advance(OVERDUE_AFTER_MS);
      const later = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
      expect(later).toEqual({ ...stats, overdue: 1 });
      expect(later).toEqual(computeStats(await listAll(env(), cookie), env().clock.now()));
    } finally {
      env().clock.reset();
    }
  });
});

import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_NAME } from './db/notifications.ts';
import { readSession } from './modules/auth/session.ts';
import {
  createTestEnv,
  describeEachDatabase,
  expectOnceNotified,
  freshIp,
  signUpAndSignIn,
  type TestEnv,
} from './test/harness.ts';
import { DAY_MS } from '../shared/time-units.ts';

const headersWith = (cookie: string) => new Headers({ cookie });

/** readSession's answer, and whether it had to ask Better Auth's getSession for it. */
async function read(env: TestEnv, headers: Headers) {
  const getSession = vi.spyOn(env.auth.api, 'getSession');
  try {
    const session = await readSession(env.auth, headers);
    return { session, askedBetterAuth: getSession.mock.calls.length > 0 };
  } finally {
    getSession.mockRestore();
  }
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

async function sessionRow(env: TestEnv, token: string) {
  const [row] = rowsOf<{ expires_at: string | Date }>(
    await env.db.execute(sql`select expires_at from sessions where token = ${token}`),
  );
  return row ? new Date(row.expires_at) : null;
}

/** Counts the queries `env`'s database runs until `stop()`, which answers how many. */
function countQueries(env: TestEnv) {
  const client = (env.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  return {
    stop: () => {
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return count;
    },
  };
}

describeEachDatabase('readSession (the session of an API request)', (env) => {
  afterEach(() => vi.restoreAllMocks());

  it('answers a plain signed-in request itself, with exactly what getSession answers', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const expected = await env().auth.api.getSession({ headers: headersWith(cookie) });
    const { session, askedBetterAuth } = await read(env(), headersWith(cookie));
    expect(askedBetterAuth).toBe(false);
    expect(session?.user.id).toBe(userId);
    expect(session).toEqual(expected);
  });

  it('answers null without a session cookie, or for a session that was signed out', async () => {
    expect(await read(env(), new Headers())).toEqual({ session: null, askedBetterAuth: false });
    expect(await read(env(), headersWith('theme=dark'))).toEqual({ session: null, askedBetterAuth: false });

    const { cookie } = await signUpAndSignIn(env());
    const signOut = await env().request('/api/auth/sign-out', { body: {}, cookie, ip: freshIp() });
    expect(signOut.status).toBe(200);
    expect(await read(env(), headersWith(cookie))).toEqual({ session: null, askedBetterAuth: false });
    expect(await env().auth.api.getSession({ headers: headersWith(cookie) })).toBeNull();
  });

  it('refuses a cookie whose token or signature was changed, or that another secret signed', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const [name, value] = [cookie.split('=')[0]!, decodeURIComponent(cookie.split('=')[1]!)];
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    const other = await signUpAndSignIn(env());
    const forged = [
      // Someone else's session token under this cookie's signature.
      `${tokenOf(other.cookie)}.${signature}`,
      // The signature altered, in its canonical alphabet and as an odd encoding.
      `${token}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      `${token}.${signature.replaceAll('+', '-').replaceAll('/', '_')}x`,
      `${token}.`,
      token,
      // Signed with a secret that is not the server's.
      `${token}.${createHmac('sha256', 'not-the-secret-not-the-secret-0123').update(token).digest('base64')}`,
    ];
    for (const value of forged) {
      const { session } = await read(env(), headersWith(`${name}=${encodeURIComponent(value)}`));
      expect(session, value).toBeNull();
      const res = await env().request('/api/bets/stats', { cookie: `${name}=${encodeURIComponent(value)}` });
      expect(res.status, value).toBe(401);
    }
  });

  it('leaves the session cookie sent twice to Better Auth, and answers as it does', async () => {
    const first = await signUpAndSignIn(env());
    const second = await signUpAndSignIn(env());
    const headers = headersWith(`${first.cookie}; ${second.cookie}`);
    const { session, askedBetterAuth } = await read(env(), headers);
    expect(askedBetterAuth).toBe(true);
    expect(session?.user.id).toBe((await env().auth.api.getSession({ headers }))?.user.id);
  });

  it('leaves an expired session to Better Auth, which refuses and deletes it', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const token = tokenOf(cookie);
    await env().db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where token = ${token}`);
    expect(await read(env(), headersWith(cookie))).toEqual({ session: null, askedBetterAuth: true });
    expect(await sessionRow(env(), token)).toBeNull();
  });

  it('leaves a session due for its daily refresh to Better Auth, which extends it', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const token = tokenOf(cookie);
    // Issued a day and a minute ago: expiresIn (7 days) minus updateAge (1 day) is left, and less.
    await env().db.execute(
      sql`update sessions set expires_at = now() + interval '6 days' - interval '1 minute' where token = ${token}`,
    );
    const { session, askedBetterAuth } = await read(env(), headersWith(cookie));
    expect(askedBetterAuth).toBe(true);
    expect(session?.user.id).toBe(userId);
    const expiresAt = await sessionRow(env(), token);
    expect(expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    // Refreshed: the next request is plain again.
    expect((await read(env(), headersWith(cookie))).askedBetterAuth).toBe(false);
  });

  it('answers from its cache after the first read, with no query, until the database says the user or session changed', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    expect((await read(env(), headersWith(cookie))).session?.user.role).toBe('user');
    const queries = countQueries(env());
    expect((await read(env(), headersWith(cookie))).session?.user.role).toBe('user');
    expect(queries.stop()).toBe(0);

    // Direct SQL, as a script or another server would change it: the triggers of db/functions/notify_session_change.sql
    // notify every server; PGlite delivers it as the statement returns, PostgreSQL a moment later.
    await env().db.execute(sql`update users set role = 'admin' where id = ${userId}`);
    await expectOnceNotified(env(), async () => (await read(env(), headersWith(cookie))).session?.user.role, 'admin');
    await env().db.execute(sql`delete from sessions where user_id = ${userId}`);
    await expectOnceNotified(env(), async () => (await read(env(), headersWith(cookie))).session, null);
  });

  it('forgets every cached session when this server answers a sign-out, without waiting for the notification', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    expect((await read(env(), headersWith(cookie))).session).not.toBeNull();
    expect((await read(env(), headersWith(other.cookie))).session).not.toBeNull();
    const signOut = await env().request('/api/auth/sign-out', { body: {}, cookie, ip: freshIp() });
    expect(signOut.status).toBe(200);
    expect((await read(env(), headersWith(cookie))).session).toBeNull();
    // The other user's session is read afresh, and is still good.
    const queries = countQueries(env());
    expect((await read(env(), headersWith(other.cookie))).session?.user.id).toBe(other.userId);
    expect(queries.stop()).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('readSession when PostgreSQL stops delivering notifications', () => {
  let env: Awaited<ReturnType<typeof createTestEnv>>;
  beforeAll(async () => {
    env = await createTestEnv('postgres');
  });
  afterAll(() => env?.close());

  it('reads every session from the database while its listening connection is down, and caches again once it is back', async () => {
    const { cookie } = await signUpAndSignIn(env);
    // The first read after the listener is in place is kept; the next one costs no query.
    const queriesPerRead = async () => {
      const queries = countQueries(env);
      await read(env, headersWith(cookie));
      return queries.stop();
    };
    // Waits (no timing is asserted) are generous: on a loaded machine a connection takes seconds.
    const wait = { timeout: 15_000, interval: 50 };
    await expect.poll(async () => (await queriesPerRead()) + (await queriesPerRead()), wait).toBe(1);

    // The connection LISTENing is cut: a change made now would never be heard of.
    await env.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    await expect.poll(queriesPerRead, { ...wait, interval: 10 }).toBe(1);
    expect(await queriesPerRead()).toBe(1);
    // Reconnected a second later (notifications.ts): cached again.
    await expect.poll(async () => (await queriesPerRead()) + (await queriesPerRead()), wait).toBe(1);
  });
});

import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { readSession } from './modules/auth/session.ts';
import { describeEachDatabase, freshIp, signUpAndSignIn, type TestEnv } from './test/harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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

  it('reads the user afresh on every request (a role change applies at once)', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    expect((await read(env(), headersWith(cookie))).session?.user.role).toBe('user');
    await env().db.execute(sql`update users set role = 'admin' where id = ${userId}`);
    expect((await read(env(), headersWith(cookie))).session?.user.role).toBe('admin');
    await env().db.execute(sql`delete from sessions where user_id = ${userId}`);
    expect((await read(env(), headersWith(cookie))).session).toBeNull();
  });
});

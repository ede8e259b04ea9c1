/**
 * Which Better Auth endpoints are rate-limited (credentials and mails) and which never are
 * (reading the session, signing out), and that a client is its address, an IPv6 one its /64.
 */
import { like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rateLimit } from '../../db/schema/index.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import {
  DEFAULT_PASSWORD,
  describeEachDatabase,
  freshIp,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { RATE_LIMIT_RULES } from './rate-limits.ts';

let v6Counter = 0;
/** A /64 network no other test uses, as a function giving its n-th address. */
const freshV6Network = () => {
  const net = (v6Counter++).toString(16);
  return (n: number) => `2001:db8:${net}:7:${n.toString(16)}:0:0:1`;
};

/** One request to each limited endpoint, with a body it accepts far enough to be counted. */
const limitedCalls: Record<keyof typeof RATE_LIMIT_RULES, (env: TestEnv, ip: string) => Promise<Response>> = {
  '/sign-in/email': (env, ip) => signIn(env, uniqueEmail('limited'), 'some-guess-1', ip),
  '/sign-up/email': (env, ip) =>
    env.request('/api/auth/sign-up/email', {
      body: { email: uniqueEmail('limited'), password: DEFAULT_PASSWORD, name: '', ageConfirmed: true },
      ip,
    }),
  '/request-password-reset': (env, ip) =>
    env.request('/api/auth/request-password-reset', { body: { email: uniqueEmail('limited') }, ip }),
  '/reset-password': (env, ip) =>
    env.request('/api/auth/reset-password', { body: { token: 'made-up-token', newPassword: DEFAULT_PASSWORD }, ip }),
  '/reset-password/*': (env, ip) => env.request('/api/auth/reset-password/made-up-token?callbackURL=/x', { ip }),
  '/verify-email': (env, ip) => env.request('/api/auth/verify-email?token=made-up&callbackURL=/x', { ip }),
};

describeEachDatabase('auth rate limits', (env) => {
  it('never limits reading the session, signed in or not, however often one address asks', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const ip = freshIp();
    for (let i = 0; i < 110; i++) {
      const res = await env().request('/api/auth/get-session', { cookie: i % 5 === 4 ? undefined : cookie, ip });
      expect(res.status, `request ${i + 1}`).toBe(200);
      const body = (await res.json()) as { user: { id: string } } | null;
      if (i % 5 !== 4) expect(body?.user.id, `request ${i + 1}`).toBe(userId);
    }
    // Not even counted.
    expect(
      await env()
        .db.select()
        .from(rateLimit)
        .where(like(rateLimit.key, `${ip}|%`)),
    ).toEqual([]);
  }, 120_000);

  it('never limits signing out', async () => {
    const ip = freshIp();
    for (let i = 0; i < 120; i++) {
      const res = await env().request('/api/auth/sign-out', { body: {}, ip });
      expect(res.status, `request ${i + 1}`).not.toBe(429);
    }
    // A signed-in user behind that busy address still signs out.
    const { cookie } = await signUpAndSignIn(env());
    const res = await env().request('/api/auth/sign-out', { body: {}, cookie, ip });
    expect(res.status).toBe(200);
  }, 120_000);

  it.each(Object.keys(RATE_LIMIT_RULES) as (keyof typeof RATE_LIMIT_RULES)[])(
    'limits %s per address, and the refused request changes nothing',
    async (path) => {
      const { max } = RATE_LIMIT_RULES[path];
      const ip = freshIp();
      for (let i = 1; i <= max; i++) {
        const res = await limitedCalls[path](env(), ip);
        expect(res.status, `${path} request ${i}`).not.toBe(429);
      }
      const before = await snapshotTables(env());
      const mails = env().mailer.sent.length;
      const limited = await limitedCalls[path](env(), ip);
      expect(limited.status, path).toBe(429);
      expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await snapshotTables(env())).toEqual(before);
      expect(env().mailer.sent.length).toBe(mails);
      // Another address is not affected.
      expect((await limitedCalls[path](env(), freshIp())).status).not.toBe(429);
    },
  );

  it('counts every address of one IPv6 /64 as one client, and the next /64 as another', async () => {
    const network = freshV6Network();
    const { max } = RATE_LIMIT_RULES['/sign-in/email'];
    for (let n = 1; n <= max; n++) {
      expect((await signIn(env(), uniqueEmail('v6'), 'some-guess-1', network(n))).status).toBe(401);
    }
    expect((await signIn(env(), uniqueEmail('v6'), 'some-guess-1', network(999))).status).toBe(429);
    // The same network written as an IPv4-mapped or bracketed address is still itself; another is not.
    expect((await signIn(env(), uniqueEmail('v6'), 'some-guess-1', `[${network(5)}]`)).status).toBe(429);
    expect((await signIn(env(), uniqueEmail('v6'), 'some-guess-1', freshV6Network()(1))).status).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const ip = freshIp();
    const { max } = RATE_LIMIT_RULES['/sign-in/email'];
    for (let n = 1; n <= max; n++) {
      const address = n % 2 ? ip : `::ffff:${ip}`;
      expect((await signIn(env(), uniqueEmail('mapped'), 'some-guess-1', address)).status).toBe(401);
    }
    expect((await signIn(env(), uniqueEmail('mapped'), 'some-guess-1', `::ffff:${ip}`)).status).toBe(429);
    expect((await signIn(env(), uniqueEmail('mapped'), 'some-guess-1', ip)).status).toBe(429);
  });
});

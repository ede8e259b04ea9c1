import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { session, signInFailure, verification } from '../../db/schema/index.ts';
import {
  cookieFrom,
  describeEachDatabase,
  freshIp,
  getSession,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { limitKey } from '../../edge/client-address.ts';
import { INVALID_RESET_LINK_MESSAGE } from './hooks.ts';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.ts';
import { storedIdentifier } from './verification-tokens.ts';

const NEW_PASSWORD = 'a-brand-new-secret-42';

/** `redirectTo: null` sends none. */
const requestReset = (env: TestEnv, email: string, redirectTo: string | null = '/reset-password', ip = freshIp()) =>
  env.request('/api/auth/request-password-reset', {
    body: redirectTo === null ? { email } : { email, redirectTo },
    ip,
  });

const resetMails = (env: TestEnv, email: string) =>
  env.mailer.sent.filter((m) => m.to === email && m.subject === 'Reset your betproof password');

/** Requests a reset for `email`, follows the mailed link; answers the token the reset page gets. */
async function tokenFromMailedLink(env: TestEnv, email: string, redirectTo?: string | null) {
  const res = await requestReset(env, email, redirectTo);
  expect(res.status).toBe(200);
  const link = new URL(env.mailer.lastLink(email, 'Reset'));
  const followed = await env.request(link.pathname + link.search, { ip: freshIp() });
  expect(followed.status).toBe(302);
  const location = new URL(followed.headers.get('location')!, env.config.BASE_URL);
  expect(location.origin).toBe(env.config.BASE_URL);
  expect(location.pathname).toBe('/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toMatch(/^\w{16,}$/);
  return token!;
}

const resetPassword = (env: TestEnv, token: string, newPassword = NEW_PASSWORD) =>
  env.request('/api/auth/reset-password', { body: { token, newPassword }, ip: freshIp() });

describeEachDatabase('password reset', (env) => {
  it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
    const { email } = await signUpAndSignIn(env());
    const unknown = uniqueEmail('unknown');
    const mailsBefore = env().mailer.sent.length;

    const known = await requestReset(env(), email);
    const stranger = await requestReset(env(), unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(known.status);
    const knownBody = await known.text();
    expect(await stranger.text()).toBe(knownBody);
    expect(JSON.parse(knownBody)).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });
    expect([...known.headers.keys()].sort()).toEqual([...stranger.headers.keys()].sort());

    expect(env().mailer.sent.length).toBe(mailsBefore + 1);
    expect(resetMails(env(), email)).toHaveLength(1);
    expect(env().mailer.sent.some((m) => m.to === unknown)).toBe(false);
    const mail = resetMails(env(), email)[0]!;
    expect(mail.text).toContain(env().mailer.lastLink(email, 'Reset'));
    expect(mail.text).toMatch(/expires in 1 hour/);
  });

  it('takes the address with spaces around it, as sign-in does', async () => {
    const { email } = await signUpAndSignIn(env());
    const res = await requestReset(env(), ` \t${email.toUpperCase()}\n `);
    expect(res.status).toBe(200);
    expect(resetMails(env(), email)).toHaveLength(1);
    // Only spaces around it: one inside is still not an address.
    const inside = await requestReset(env(), email.replace('@', ' @'));
    expect(inside.status).toBe(400);
    expect(resetMails(env(), email)).toHaveLength(1);
  });

  it('mails a link that leads to /reset-password?token=…, also when the client names no page', async () => {
    const { email } = await signUpAndSignIn(env());
    const token = await tokenFromMailedLink(env(), email);
    const link = new URL(env().mailer.lastLink(email, 'Reset'));
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe(`/api/auth/reset-password/${token}`);
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');

    const withoutPage = await tokenFromMailedLink(env(), email, null);
    expect(withoutPage).not.toBe(token);
  });

  it('rejects a new password that is too short or too common, and keeps the link usable', async () => {
    const { email, password } = await signUpAndSignIn(env());
    const token = await tokenFromMailedLink(env(), email);

    const short = await resetPassword(env(), token, 'abc');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 6 characters',
    });
    for (const common of ['password1', 'qwerty123']) {
      const res = await resetPassword(env(), token, common);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE });
    }
    // Nothing changed: the old password still works ...
    expect((await signIn(env(), email, password)).status).toBe(200);
    // ... and the link still resets.
    expect((await resetPassword(env(), token)).status).toBe(200);
  });

  it('sets the new password, once per link, and signs out every session', async () => {
    const { email, password, cookie, userId } = await signUpAndSignIn(env());
    const otherDevice = cookieFrom(await signIn(env(), email, password));
    expect(await getSession(env(), otherDevice)).not.toBeNull();

    const token = await tokenFromMailedLink(env(), email);
    const res = await resetPassword(env(), token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });

    expect((await signIn(env(), email, password)).status).toBe(401);
    expect((await signIn(env(), email, NEW_PASSWORD)).status).toBe(200);

    // Every session from before the reset is gone on the server.
    expect(await getSession(env(), cookie)).toBeNull();
    expect(await getSession(env(), otherDevice)).toBeNull();
    for (const stale of [cookie, otherDevice]) {
      const res = await env().request('/api/bets', { cookie: stale });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not authenticated' });
    }
    const rows = await env().db.select().from(session).where(eq(session.userId, userId));
    expect(rows).toHaveLength(1); // the sign-in with the new password just now

    // The link works once.
    const again = await resetPassword(env(), token, 'yet-another-secret-43');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ code: 'INVALID_TOKEN', message: INVALID_RESET_LINK_MESSAGE });
    expect((await signIn(env(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('confirms the address of an account that had not confirmed it yet', async () => {
    const email = uniqueEmail('never.confirmed');
    expect((await signUp(env(), { email })).status).toBe(200);
    expect((await signIn(env(), email)).status).toBe(403);

    const token = await tokenFromMailedLink(env(), email);
    expect((await resetPassword(env(), token)).status).toBe(200);
    expect((await signIn(env(), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email, password } = await signUpAndSignIn(env());
    const token = await tokenFromMailedLink(env(), email);
    const id = storedIdentifier(`reset-password:${token}`);
    const [row] = await env().db.select().from(verification).where(eq(verification.identifier, id));
    expect(row).toBeDefined();
    // Issued to expire within the hour.
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);

    await env()
      .db.update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, id));

    const link = new URL(env().mailer.lastLink(email, 'Reset'));
    const followed = await env().request(link.pathname + link.search, { ip: freshIp() });
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get('location')!, env().config.BASE_URL);
    expect(location.pathname).toBe('/reset-password');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(location.searchParams.get('token')).toBeNull();

    const res = await resetPassword(env(), token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'INVALID_TOKEN', message: INVALID_RESET_LINK_MESSAGE });
    expect((await signIn(env(), email, password)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await resetPassword(env(), 'not-a-real-token-at-all');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'INVALID_TOKEN', message: INVALID_RESET_LINK_MESSAGE });
  });

  it("forgets the account's failed sign-ins: an address that was slowed down signs in at once", async () => {
    const { email } = await signUpAndSignIn(env());
    const ip = freshIp();
    await env()
      .db.insert(signInFailure)
      .values(Array.from({ length: 20 }, () => ({ email, client: limitKey(ip) })));
    expect((await signIn(env(), email, NEW_PASSWORD, ip)).status).toBe(429);

    const token = await tokenFromMailedLink(env(), email);
    expect((await resetPassword(env(), token)).status).toBe(200);
    expect((await signIn(env(), email, NEW_PASSWORD, ip)).status).toBe(200);
  });

  it('stores a reset link only as a SHA-256 of its token', async () => {
    const { email, userId } = await signUpAndSignIn(env());
    const token = await tokenFromMailedLink(env(), email);
    const rows = await env().db.select().from(verification).where(eq(verification.value, userId));
    expect(rows).toHaveLength(1);
    const digest = createHash('sha256').update(`reset-password:${token}`).digest('base64url');
    expect(rows[0]!.identifier).toBe(`reset-password:${digest}`);
    // The token itself is nowhere in the table.
    expect(
      await env()
        .db.select()
        .from(verification)
        .where(like(verification.identifier, `%${token}%`)),
    ).toEqual([]);
    expect(JSON.stringify(await env().db.select().from(verification))).not.toContain(token);
    // ... and the link works.
    expect((await resetPassword(env(), token)).status).toBe(200);
  });

  it('revokes older reset links when a newer one is sent', async () => {
    const { email, password, userId } = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    const otherToken = await tokenFromMailedLink(env(), other.email);
    const first = await tokenFromMailedLink(env(), email);
    const second = await tokenFromMailedLink(env(), email);
    const newest = await tokenFromMailedLink(env(), email);
    expect(new Set([first, second, newest]).size).toBe(3);
    expect(await env().db.select().from(verification).where(eq(verification.value, userId))).toHaveLength(1);

    for (const old of [first, second]) {
      const res = await resetPassword(env(), old, 'an-older-link-secret-1');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'INVALID_TOKEN', message: INVALID_RESET_LINK_MESSAGE });
      // Following an older mailed link says so too.
      const followed = await env().request(`/api/auth/reset-password/${old}?callbackURL=/reset-password`, {
        ip: freshIp(),
      });
      expect(new URL(followed.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    }
    expect((await signIn(env(), email, password)).status).toBe(200);
    expect((await resetPassword(env(), newest)).status).toBe(200);
    expect((await signIn(env(), email, NEW_PASSWORD)).status).toBe(200);
    // Another account's link is untouched by this one's.
    expect((await resetPassword(env(), otherToken)).status).toBe(200);
  });

  it('mails the owner that the password was changed', async () => {
    const { email } = await signUpAndSignIn(env());
    const token = await tokenFromMailedLink(env(), email);
    const changed = () =>
      env().mailer.sent.filter((m) => m.to === email && m.subject === 'Your betproof password was changed');
    expect(changed()).toHaveLength(0);
    expect((await resetPassword(env(), token)).status).toBe(200);
    expect(changed()).toHaveLength(1);
    expect(changed()[0]!.text).toMatch(/signed out/);
    // A refused reset mails nothing.
    expect((await resetPassword(env(), token)).status).toBe(400);
    expect(changed()).toHaveLength(1);
  });

  it('limits reset requests to 5 a minute per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await requestReset(env(), uniqueEmail('x'), null, ip)).status).toBe(200);
    const limited = await requestReset(env(), uniqueEmail('x'), null, ip);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many password reset requests from your network\./),
    });
  });
});

/**
 * Where the confirmation and reset links send a browser: a page of this site whatever the
 * callbackURL says (non-ASCII, too long, another host, `javascript:`), never a 5xx, never an open
 * redirect; a request naming such a callback is refused with 400.
 */
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import {
  TEST_BASE_URL,
  describeEachDatabase,
  freshIp,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { CALLBACK_URL_MAX_LENGTH, LINK_PAGES, safeCallbackPath } from './callback-urls.ts';

/** Callbacks that are a page of this site, and the path each must become. */
const SAFE: [given: string, path: string][] = [
  ['/dashboard', '/dashboard'],
  ['/é', '/%C3%A9'],
  ['/dashboard?team=ü&x=1#ß', '/dashboard?team=%C3%BC&x=1#%C3%9F'],
  ['/\u2028', '/%E2%80%A8'],
  ['/😀', '/%F0%9F%98%80'],
  ['/a/../b', '/b'],
  [`${TEST_BASE_URL}/profile?tab=1`, '/profile?tab=1'],
  ['/auth?verified=1', '/auth?verified=1'],
];

/** Callbacks that lead anywhere but a page of this site, or that cannot be made one. */
const UNSAFE = [
  'https://evil.example/x',
  'http://evil.example',
  '//evil.example/x',
  '///evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' /x',
  '/.//evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'mailto:someone@example.com',
  `${TEST_BASE_URL}@evil.example/`,
  'http://user:pass@localhost:3000/dashboard',
  'https://localhost:3000/dashboard',
  'http://localhost:3001/dashboard',
  'dashboard',
  '😀',
  '\u0000',
  '/\u0000',
  `/${'a'.repeat(CALLBACK_URL_MAX_LENGTH)}`,
  `/${'é'.repeat(200)}`,
];

/** A 302 to a page of this site: an ASCII Location on our origin, not protocol-relative. */
function expectSafeRedirect(res: Response, label: string): URL {
  expect(res.status, label).toBe(302);
  const location = res.headers.get('location') ?? '';
  expect(location, label).toMatch(/^[\x21-\x7e]+$/);
  expect(location, label).not.toMatch(/^(\/\/|\/\\|\\)/);
  const url = new URL(location, TEST_BASE_URL);
  expect(url.origin, label).toBe(TEST_BASE_URL);
  return url;
}

describe('safeCallbackPath', () => {
  it.each(SAFE)('makes %j the path %j', (given, path) => {
    expect(safeCallbackPath(given, TEST_BASE_URL)).toBe(path);
  });
  it.each(UNSAFE)('refuses %j', (given) => {
    expect(safeCallbackPath(given, TEST_BASE_URL)).toBeNull();
  });
  it('refuses what is not a string, and the empty string', () => {
    for (const value of [undefined, null, 1, {}, [], ['/x'], ''])
      expect(safeCallbackPath(value, TEST_BASE_URL)).toBeNull();
  });
});

describeEachDatabase('callback URLs', (env) => {
  /** An unconfirmed account and its mailed confirmation link. */
  async function confirmationLink(e: TestEnv) {
    const email = uniqueEmail('callback');
    expect((await signUp(e, { email })).status).toBe(200);
    return { email, link: new URL(e.mailer.lastLink(email, 'Confirm')) };
  }
  const follow = (e: TestEnv, link: URL, callbackURL: string) => {
    const url = new URL(link);
    url.searchParams.set('callbackURL', callbackURL);
    return e.request(url.pathname + url.search, { ip: freshIp() });
  };

  it('the confirmation link, whatever its callbackURL, confirms the address and redirects to a page of this site', async () => {
    for (const [given, path] of SAFE) {
      const { email, link } = await confirmationLink(env());
      const res = await follow(env(), link, given);
      const url = expectSafeRedirect(res, given);
      expect(url.pathname + url.search + url.hash, given).toBe(path);
      const [row] = await env().db.select().from(user).where(eq(user.email, email));
      expect(row?.emailVerified, given).toBe(true);
    }
    for (const given of UNSAFE) {
      const { email, link } = await confirmationLink(env());
      const res = await follow(env(), link, given);
      const url = expectSafeRedirect(res, JSON.stringify(given));
      expect(url.pathname + url.search, JSON.stringify(given)).toBe(LINK_PAGES['/verify-email']);
      const [row] = await env().db.select().from(user).where(eq(user.email, email));
      expect(row?.emailVerified, JSON.stringify(given)).toBe(true);
    }
  }, 120_000);

  it('a confirmation link with a bad token and an odd callbackURL still lands on a page of this site', async () => {
    for (const given of [...SAFE.map(([g]) => g), ...UNSAFE]) {
      const res = await env().request(
        `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(given)}`,
        { ip: freshIp() },
      );
      expectSafeRedirect(res, JSON.stringify(given));
      const url = new URL(res.headers.get('location')!, TEST_BASE_URL);
      expect(url.searchParams.get('error'), JSON.stringify(given)).toBe('INVALID_TOKEN');
    }
    // The callbackURL given twice is not a page either.
    const twice = await env().request('/api/auth/verify-email?token=x&callbackURL=/a&callbackURL=//evil.example', {
      ip: freshIp(),
    });
    expect(new URL(expectSafeRedirect(twice, 'twice')).pathname).toBe('/auth');
  });

  it('the reset link, whatever its callbackURL, redirects to a page of this site', async () => {
    const { email } = await signUpAndSignIn(env());
    expect((await env().request('/api/auth/request-password-reset', { body: { email }, ip: freshIp() })).status).toBe(
      200,
    );
    const token = new URL(env().mailer.lastLink(email, 'Reset')).pathname.split('/').at(-1)!;
    for (const [given, path] of SAFE) {
      const res = await env().request(`/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(given)}`, {
        ip: freshIp(),
      });
      const url = expectSafeRedirect(res, given);
      expect(url.pathname, given).toBe(new URL(path, TEST_BASE_URL).pathname);
      expect(url.searchParams.get('token'), given).toBe(token);
    }
    for (const given of UNSAFE) {
      for (const tokenInLink of [token, 'not-a-token']) {
        const res = await env().request(
          `/api/auth/reset-password/${tokenInLink}?callbackURL=${encodeURIComponent(given)}`,
          { ip: freshIp() },
        );
        const url = expectSafeRedirect(res, JSON.stringify(given));
        expect(url.pathname, JSON.stringify(given)).toBe(LINK_PAGES['/reset-password/']);
      }
    }
  });

  it('a sign-up, sign-in or reset request naming a callback off this site is refused with 400 and changes nothing', async () => {
    const { email } = await signUpAndSignIn(env());
    const mails = env().mailer.sent.length;
    for (const given of UNSAFE) {
      const newEmail = uniqueEmail('refused');
      const calls: [string, Record<string, unknown>, string][] = [
        [
          '/api/auth/sign-up/email',
          { email: newEmail, password: 'a-long-enough-secret-1', callbackURL: given },
          'callbackURL',
        ],
        ['/api/auth/sign-in/email', { email, password: 'whatever-it-is-1', callbackURL: given }, 'callbackURL'],
        ['/api/auth/request-password-reset', { email, redirectTo: given }, 'redirectTo'],
      ];
      for (const [path, body, field] of calls) {
        const res = await env().request(path, { body, ip: freshIp() });
        expect(res.status, `${path} ${JSON.stringify(given)}`).toBe(400);
        expect(await res.json()).toEqual({
          code: 'INVALID_CALLBACK_URL',
          message: `${field}: must be the path of a page on this site`,
        });
      }
      expect(await env().db.select().from(user).where(eq(user.email, newEmail))).toEqual([]);
    }
    expect(env().mailer.sent.length).toBe(mails);
  }, 120_000);

  it('a callback that is a page of this site is kept, as its plain path, in the mailed link', async () => {
    for (const [given, path] of SAFE) {
      const email = uniqueEmail('kept');
      expect((await signUp(env(), { email, callbackURL: given })).status).toBe(200);
      const link = new URL(env().mailer.lastLink(email, 'Confirm'));
      // "/" and our own confirmation page become the signed-in-after-confirming page (mail-hooks.ts).
      expect(link.searchParams.get('callbackURL'), given).toBe(path);
    }
    const { email } = await signUpAndSignIn(env());
    const res = await env().request('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password?from=é' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(new URL(env().mailer.lastLink(email, 'Reset')).searchParams.get('callbackURL')).toBe(
      '/reset-password?from=%C3%A9',
    );
  });
});

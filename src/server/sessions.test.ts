import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SOCIAL_LINKS } from '../shared/profiles.ts';
import { session } from './db/schema/index.ts';
import { CROSS_ORIGIN_MESSAGE } from './edge/same-origin.ts';
import { snapshotTables } from './test/db-snapshot.ts';
import {
  cookieFrom,
  createSiblingApp,
  describeEachDatabase,
  freshIp,
  getSession,
  signIn,
  signUpAndSignIn,
  type TestEnv,
} from './test/harness.ts';
import { HOUR_MS } from '../shared/time-units.ts';

const NOT_AUTHENTICATED = { error: 'Not authenticated' };

/** The attributes of a Set-Cookie line, lower-cased: "httponly", "samesite=lax", ... */
const attributesOf = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

const aBet = (env: TestEnv) => ({
  description: 'Sessions: Celtics to cover',
  amount: '20',
  odds: '-110',
  sport: 'basketball',
  eventDate: new Date(env.clock.now().getTime() + 24 * HOUR_MS).toISOString(),
});

/** The protected calls a stolen or stale cookie would be used for. */
const protectedCalls = (env: TestEnv) =>
  [
    ['GET', '/api/bets', undefined],
    ['POST', '/api/bets', aBet(env)],
    ['PATCH', '/api/profile', { displayName: 'Replayed' }],
    ['GET', '/api/profile/export.csv', undefined],
  ] as const;

describeEachDatabase('sessions', (env) => {
  it('a signed-out cookie replayed is refused on every protected endpoint, and only that session ended', async () => {
    const { email, cookie, userId } = await signUpAndSignIn(env());
    const otherDevice = cookieFrom(await signIn(env(), email));
    expect((await env().request('/api/bets', { cookie })).status).toBe(200);

    const signOut = await env().request('/api/auth/sign-out', { body: {}, cookie, ip: freshIp() });
    expect(signOut.status).toBe(200);
    // The browser is told to forget the cookie ...
    const cleared = signOut.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
    expect(cleared && attributesOf(cleared)).toContain('max-age=0');

    // ... and a copy kept by anyone else is worthless: the session is gone on the server.
    const before = await snapshotTables(env());
    for (const [method, path, body] of protectedCalls(env())) {
      const res = await env().request(path, { method, body, cookie });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual(NOT_AUTHENTICATED);
    }
    expect(await getSession(env(), cookie)).toBeNull();
    expect(await snapshotTables(env())).toEqual(before);

    // Signing out ends that session only: the other device is still signed in.
    expect((await getSession(env(), otherDevice))?.user.id).toBe(userId);
    expect(await env().db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);
  });

  it('a cookie with a forged or altered token is refused', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const [name, value] = cookie.split('=') as [string, string];
    // The token is signed: changing one character of it, or of the signature, is caught.
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    // (Not the signature's last base64 digit: its low bits are padding, so 'A' and 'B' there decode
    // to the same signature. The value ends in that digit and "%3D", the encoded "=".)
    for (const forged of [`${name}=${flip(value, 0)}`, `${name}=${flip(value, value.length - 8)}`, `${name}=x`]) {
      const res = await env().request('/api/bets', { cookie: forged });
      expect(res.status).toBe(401);
      expect(await getSession(env(), forged)).toBeNull();
    }
  });

  it('session cookies are HttpOnly, SameSite=Lax and path-wide; on plain http neither Secure nor prefixed', async () => {
    const { email } = await signUpAndSignIn(env());
    const signedIn = await signIn(env(), email);
    const cookies = signedIn.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toContain('better-auth.session_token');
    for (const c of cookies) {
      expect(attributesOf(c)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
      expect(attributesOf(c)).not.toContain('secure');
    }
    const signedOut = await env().request('/api/auth/sign-out', { body: {}, cookie: cookieFrom(signedIn) });
    for (const c of signedOut.headers.getSetCookie()) {
      expect(attributesOf(c)).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    }
  });

  // The same database served by an instance configured for https.
  describe('behind https', () => {
    let https: ReturnType<typeof createSiblingApp>;
    let signInResponse: Response;
    let email: string;
    beforeAll(async () => {
      https = createSiblingApp(env(), { BASE_URL: 'https://betproof.example' });
      email = (await signUpAndSignIn(https)).email;
      signInResponse = await signIn(https, email);
    });

    it('sets a Secure, __Host- prefixed (Path=/, no Domain), HttpOnly, SameSite=Lax session cookie, and no cookie without the prefix', async () => {
      expect(signInResponse.status).toBe(200);
      const cookies = signInResponse.headers.getSetCookie();
      expect(cookies.map((c) => c.split('=')[0])).toContain('__Host-better-auth.session_token');
      for (const c of cookies) {
        expect(c).toMatch(/^__Host-/);
        expect(attributesOf(c)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
        // A browser refuses a __Host- cookie with a Domain or another Path.
        expect(
          attributesOf(c).filter((a) => a.startsWith('domain=') || (a.startsWith('path=') && a !== 'path=/')),
        ).toEqual([]);
      }
      const signedOut = await https.request('/api/auth/sign-out', {
        body: {},
        cookie: cookieFrom(await signIn(https, email)),
      });
      for (const c of signedOut.headers.getSetCookie()) {
        expect(c).toMatch(/^__Host-/);
        expect(attributesOf(c)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      }
    });

    it('resolves the session from the prefixed cookie only', async () => {
      const session = await getSession(https, cookieFrom(signInResponse));
      expect(session?.user.email).toBe(email);
      // The same value under the unprefixed or __Secure- name (which an http page or a sibling
      // subdomain could set) is not accepted.
      for (const prefix of ['', '__Secure-']) {
        const other = cookieFrom(signInResponse).replace('__Host-', prefix);
        expect(await getSession(https, other)).toBeNull();
        expect((await https.request('/api/bets', { cookie: other })).status).toBe(401);
      }
    });
  });

  describe('a cross-origin state-changing request is refused and changes nothing', () => {
    let user: Awaited<ReturnType<typeof signUpAndSignIn>>;
    let betId: string;
    beforeAll(async () => {
      user = await signUpAndSignIn(env());
      const res = await env().request('/api/bets', { cookie: user.cookie, body: aBet(env()) });
      expect(res.status).toBe(201);
      betId = ((await res.json()) as { id: string }).id;
    });

    /** Our own state-changing endpoints, each with a body that would succeed from our origin. */
    const writes = () =>
      [
        ['POST', '/api/bets', aBet(env())],
        ['PATCH', `/api/bets/${betId}`, { status: 'won' }],
        ['DELETE', `/api/bets/${betId}`, undefined],
        ['PATCH', '/api/profile', { displayName: 'Forged' }],
        ['PUT', '/api/profile/settings', { profilePublic: false, social: EMPTY_SOCIAL_LINKS }],
        ['POST', '/api/verification/apply', undefined],
        ['POST', '/api/inbox/newsletter', { email: 'forged@example.com' }],
        ['POST', '/api/auth/sign-out', {}],
        // Signing a victim into the attacker's account (login CSRF), or up for one.
        ['POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }],
        ['POST', '/api/auth/sign-up/email', { email: 'forged.signup@example.com', password: user.password }],
        ['POST', '/api/no-such-endpoint', {}],
      ] as const;

    /** How a page on another site could send it: fetch with JSON, or a plain HTML form. */
    const encodings = {
      json: (body: unknown) => ({ rawBody: JSON.stringify(body ?? {}), contentType: 'application/json' }),
      form: (body: unknown) => ({
        rawBody: new URLSearchParams(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      }),
      'text/plain': (body: unknown) => ({ rawBody: JSON.stringify(body ?? {}), contentType: 'text/plain' }),
      multipart: (body: unknown) => ({
        rawBody: Object.entries(body ?? {})
          .map(([k, v]) => `--x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`)
          .join('')
          .concat('--x--\r\n'),
        contentType: 'multipart/form-data; boundary=x',
      }),
    };

    const foreignOrigins = ['https://evil.example', 'http://localhost:5173', 'null'];

    it.each(Object.keys(encodings) as (keyof typeof encodings)[])('sent as %s', async (encoding) => {
      for (const origin of foreignOrigins) {
        for (const [method, path, body] of writes()) {
          const { rawBody, contentType } = encodings[encoding](body);
          const before = await snapshotTables(env());
          const res = await env().request(path, {
            method,
            rawBody,
            cookie: user.cookie,
            headers: { origin, 'content-type': contentType },
            ip: freshIp(),
          });
          expect(res.status, `${origin} ${method} ${path}`).toBe(403);
          expect(await res.json()).toEqual({ error: CROSS_ORIGIN_MESSAGE });
          expect(await snapshotTables(env()), `${origin} ${method} ${path}`).toEqual(before);
        }
      }
      // The same calls from our own origin still work: the refusals were about the origin.
      const own = await env().request('/api/profile', {
        method: 'PATCH',
        body: { displayName: 'Mine' },
        cookie: user.cookie,
      });
      expect(own.status).toBe(200);
      expect(await getSession(env(), user.cookie)).not.toBeNull();
    });
  });
});

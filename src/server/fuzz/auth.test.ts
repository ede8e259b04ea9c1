/**
 * Fuzz: the Better Auth writes the app uses (sign-up, sign-in, password reset request and reset)
 * under hostile input (src/server/test/hostile.ts), each request from a fresh address (the
 * limits are per address). Hashing a password costs tens of milliseconds, so most bodies here
 * are broken and about one in ten is valid. Never a 5xx; no body makes an admin, a confirmed
 * address or a session it should not; a sign-up with a key the form does not send is refused; a
 * full name accepted is stored exactly (trimmed) and becomes the display name; usernames made from
 * hostile addresses are valid and unreserved; a body that is not UTF-8 is a 400. Hostile callback
 * URLs, in a request and on the mailed links, lead to a page of this site or a 400, never a 5xx.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '../../shared/auth.ts';
import { DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '../../shared/display-name.ts';
import { profiles, user } from '../db/schema/index.ts';
import { API_BODY_LIMIT_BYTES, INVALID_UTF8_MESSAGE } from '../edge/http.ts';
import { LINK_PAGES, safeCallbackPath } from '../modules/auth/callback-urls.ts';
import { MAILS_PER_RECIPIENT_PER_HOUR } from '../modules/auth/mail-quota.ts';
import {
  DEFAULT_PASSWORD,
  TEST_BASE_URL,
  cookieFrom,
  describeEachDatabase,
  freshIp,
  getSession,
  signIn,
  signUpAndSignIn,
  signUp,
  uniqueEmail,
} from '../test/harness.ts';
import {
  INVALID_UTF8_KIND,
  deeplyNested,
  expectBodyLimitKept,
  expectCalmAnswer,
  hostileBody,
  hostileCallbackURL,
  hostileString,
  percentEncodeAnything,
  prototypeFingerprint,
  sendOptions,
  storableText,
  type HostileBody,
} from '../test/hostile.ts';
import { expectProfilesObeyTheRules } from '../test/invariants.ts';
import { HOUR_MS } from '../../shared/time-units.ts';

const RUNS = 1000;
const TIMEOUT = 600_000;
/** About one body in ten valid: each costs a password hash. */
const VALID_WEIGHT = 3;

const parsedBody = (body: HostileBody) =>
  ('json' in body ? body.json : JSON.parse(body.raw)) as Record<string, unknown>;

/** A body that is not UTF-8 is refused before anything reads it (unless it is over the size limit). */
function expectUtf8Kept(res: Response, body: HostileBody, text: string) {
  if (body.kind !== INVALID_UTF8_KIND || res.status === 413) return;
  expect(res.status, text).toBe(400);
  expect(JSON.parse(text)).toEqual({ error: INVALID_UTF8_MESSAGE });
}

/** A redirect to a page of this site: an ASCII Location on our origin, not protocol-relative. */
function expectSafeRedirect(res: Response, what: string): URL {
  expect(res.status, what).toBe(302);
  const location = res.headers.get('location') ?? '';
  expect(location, what).toMatch(/^[\x21-\x7e]+$/);
  expect(location, what).not.toMatch(/^(\/\/|\/\\|\\)/);
  const url = new URL(location, TEST_BASE_URL);
  expect(url.origin, what).toBe(TEST_BASE_URL);
  return url;
}

/** A password the policy accepts (long, not common), with nasty characters in it. */
const strongPassword = fc
  .string({ unit: fc.constantFrom('a', 'Z', '9', ' ', '"', '\u0000', '😀', '\ud800', 'é'), maxLength: 40 })
  .map((tail) => `${DEFAULT_PASSWORD}${tail}`);

/** Addresses Better Auth and our email check accept, in odd letter cases and with spaces around. */
const freshEmail = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_'+-]{0,12}$/), fc.constantFrom('', ' ', '\t'))
  .map(([local, pad]) => `${pad}${uniqueEmail(local)}${pad}`);

/** The keys a sign-up may carry (what the form sends through Better Auth's client); any other is refused. */
const SIGN_UP_KEYS = ['email', 'password', 'name', 'ageConfirmed', 'callbackURL', 'rememberMe'];
const hasStrayKey = (body: HostileBody) =>
  'json' in body &&
  body.json !== null &&
  typeof body.json === 'object' &&
  !Array.isArray(body.json) &&
  Object.keys(body.json).some((key) => !SIGN_UP_KEYS.includes(key));

describeEachDatabase('fuzz: auth writes', (env) => {
  const fingerprint = prototypeFingerprint();
  let existing: { email: string; userId: string };

  beforeAll(async () => {
    const { email, userId } = await signUpAndSignIn(env());
    existing = { email, userId };
  });

  it(
    `POST /api/auth/sign-up/email: ${RUNS} hostile bodies; names stored exactly, never an admin or a confirmed address`,
    async () => {
      const created = new Map<string, string>();
      const validSignUp = fc.record(
        {
          email: fc.oneof({ weight: 9, arbitrary: freshEmail }, { weight: 1, arbitrary: fc.constant(existing.email) }),
          password: strongPassword,
          // Valid: a name the display-name rules take (hidden characters and badges are refused:
          // the regression below).
          name: fc.oneof(
            storableText(DISPLAY_NAME_MAX_LENGTH).filter((n) => displayNameSchema('Full name').safeParse(n).success),
            fc.constant(''),
          ),
          ageConfirmed: fc.constant(true),
        },
        { requiredKeys: ['email', 'password', 'ageConfirmed'] },
      );
      await fc.assert(
        fc.asyncProperty(hostileBody(validSignUp, { validWeight: VALID_WEIGHT, invalidUtf8: true }), async (body) => {
          const res = await env().request('/api/auth/sign-up/email', { ip: freshIp(), ...sendOptions(body) });
          const text = await expectCalmAnswer(res, `sign-up (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          expectUtf8Kept(res, body, text);
          expect([200, 400, 403, 413, 415, 422], text).toContain(res.status);
          if (body.kind === 'valid') expect(res.status, text).toBe(200);
          // No image, role or other field of the user's from a key the form does not send.
          if (hasStrayKey(body) && res.status !== 413) expect(res.status, text).toBe(400);
          // Never signed in before the address is confirmed.
          expect(cookieFrom(res)).not.toContain('session_token');
          if (res.status !== 200) return;
          const sent = parsedBody(body);
          // Only someone who said they are 18 or older gets an account.
          expect(sent.ageConfirmed, text).toBe(true);
          const email = (sent.email as string).trim().toLowerCase();
          if (email !== existing.email) created.set(email, typeof sent.name === 'string' ? sent.name.trim() : '');
        }),
        { numRuns: RUNS },
      );
      expect(created.size).toBeGreaterThan(RUNS / 20);

      const rows = await env()
        .db.select({
          email: user.email,
          name: user.name,
          role: user.role,
          emailVerified: user.emailVerified,
          image: user.image,
          ageConfirmed: sql<boolean>`${user.ageConfirmedAt} is not null`,
          displayName: profiles.displayName,
        })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(inArray(user.email, [...created.keys()]));
      expect(rows).toHaveLength(created.size);
      for (const row of rows) {
        const name = created.get(row.email)!;
        expect(row).toEqual({
          email: row.email,
          name,
          role: 'user',
          emailVerified: false,
          image: null,
          ageConfirmed: true,
          displayName: name || null,
        });
      }
      await expectProfilesObeyTheRules(env());
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `POST /api/auth/sign-in/email: ${RUNS} hostile bodies; a session only for the right password`,
    async () => {
      let signedIn = 0;
      const validSignIn = fc.oneof(
        fc.record({
          email: fc.constantFrom(existing.email, existing.email.toUpperCase(), ` ${existing.email} `),
          password: fc.constant(DEFAULT_PASSWORD),
        }),
        fc.record({ email: freshEmail, password: fc.oneof(fc.constant(DEFAULT_PASSWORD), hostileString) }),
      );
      await fc.assert(
        fc.asyncProperty(hostileBody(validSignIn, { validWeight: VALID_WEIGHT, invalidUtf8: true }), async (body) => {
          const res = await env().request('/api/auth/sign-in/email', { ip: freshIp(), ...sendOptions(body) });
          const text = await expectCalmAnswer(res, `sign-in (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          expectUtf8Kept(res, body, text);
          expect([200, 400, 401, 403, 413, 415, 422], text).toContain(res.status);
          const sent = body.kind === 'valid' ? parsedBody(body) : undefined;
          const rightOne =
            sent?.password === DEFAULT_PASSWORD && (sent.email as string).trim().toLowerCase() === existing.email;
          // Better Auth refuses a password over the maximum length before looking anything up.
          const tooLong = typeof sent?.password === 'string' && sent.password.length > PASSWORD_MAX_LENGTH;
          // A valid body over the size limit is a 413 (expectBodyLimitKept holds that) before any check.
          if (body.kind === 'valid' && res.status !== 413) {
            expect(res.status, text).toBe(rightOne ? 200 : tooLong ? 400 : 401);
          }
          if (res.status !== 200) {
            expect(cookieFrom(res)).not.toContain('session_token');
            return;
          }
          signedIn++;
          const session = await getSession(env(), cookieFrom(res));
          expect(session?.user.id).toBe(existing.userId);
          expect(session?.user.role).toBe('user');
        }),
        { numRuns: RUNS },
      );
      expect(signedIn).toBeGreaterThan(RUNS / 50);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `POST /api/auth/request-password-reset: ${RUNS} hostile bodies; mail only to an account's address`,
    async () => {
      const mailsBefore = env().mailer.sent.length;
      let resetMails = 0;
      const validRequest = fc.record(
        {
          // Padded too: the server trims the address, as the form does.
          email: fc.oneof(fc.constantFrom(existing.email, ` ${existing.email.toUpperCase()}\t`), freshEmail),
          redirectTo: fc.constantFrom('/reset-password', 'http://localhost:3000/reset-password'),
        },
        { requiredKeys: ['email'] },
      );
      await fc.assert(
        fc.asyncProperty(
          hostileBody(validRequest, { validWeight: VALID_WEIGHT * 2, invalidUtf8: true }),
          async (body) => {
            const res = await env().request('/api/auth/request-password-reset', {
              ip: freshIp(),
              ...sendOptions(body),
            });
            const text = await expectCalmAnswer(res, `request-password-reset (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            expectUtf8Kept(res, body, text);
            expect([200, 400, 403, 413, 415, 422], text).toContain(res.status);
            if (body.kind === 'valid') expect(res.status, text).toBe(200);
            if (res.status === 200 && (parsedBody(body).email as string).trim().toLowerCase() === existing.email)
              resetMails++;
          },
        ),
        { numRuns: RUNS },
      );
      const mails = env().mailer.sent.slice(mailsBefore);
      expect(mails.every((m) => m.to === existing.email)).toBe(true);
      // At most MAILS_PER_RECIPIENT_PER_HOUR reach the address within the hour, all kinds together
      // (the sign-up run above may have used them up); the answers were the same either way.
      expect(resetMails).toBeGreaterThan(0);
      expect(mails.filter((m) => m.subject.includes('Reset')).length).toBeLessThanOrEqual(resetMails);
      expect(env().mailer.sent.filter((m) => m.to === existing.email).length).toBeLessThanOrEqual(
        MAILS_PER_RECIPIENT_PER_HOUR,
      );
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `POST /api/auth/reset-password: ${RUNS} hostile bodies; only the newest link works, once`,
    async () => {
      const { email, cookie } = await signUpAndSignIn(env());
      const tokens: string[] = [];
      /** Mails a new reset link; it revokes the ones before it. */
      const newLink = async () => {
        const res = await env().request('/api/auth/request-password-reset', { ip: freshIp(), body: { email } });
        expect(res.status).toBe(200);
        const token = new URL(env().mailer.lastLink(email, 'Reset')).pathname.split('/').at(-1)!;
        expect(tokens).not.toContain(token);
        tokens.push(token);
      };
      for (let i = 0; i < 3; i++) await newLink();
      const used = new Set<string>();
      let lastPassword: string | undefined;
      // Tokens are picked when a body is made: the newest, an older (revoked) one, or made up.
      const validReset = fc.record({
        newPassword: strongPassword,
        token: fc.oneof(
          fc.constant(null).map(() => tokens.at(-1)!),
          fc.nat().map((n) => tokens[n % tokens.length]!),
          fc.string({ maxLength: 40 }),
          fc.uuid(),
        ),
      });
      try {
        await fc.assert(
          fc.asyncProperty(
            hostileBody(validReset, { validWeight: VALID_WEIGHT * 2, invalidUtf8: true }),
            async (body) => {
              const live = tokens.at(-1)!;
              const res = await env().request('/api/auth/reset-password', { ip: freshIp(), ...sendOptions(body) });
              const text = await expectCalmAnswer(res, `reset-password (${body.kind})`);
              expectBodyLimitKept(res, body, text);
              expectUtf8Kept(res, body, text);
              expect([200, 400, 403, 413, 415, 422], text).toContain(res.status);
              const sent = body.kind === 'valid' ? parsedBody(body) : undefined;
              const fresh = sent?.token === live && !used.has(live);
              if (body.kind === 'valid') expect(res.status, text).toBe(fresh ? 200 : 400);
              if (res.status !== 200) return;
              const { token, newPassword } = parsedBody(body) as { token: string; newPassword: string };
              expect(token === live && !used.has(token), text).toBe(true);
              used.add(token);
              lastPassword = newPassword;
              // The next link an hour later: at most MAILS_PER_RECIPIENT_PER_HOUR mails an hour.
              env().clock.advance(HOUR_MS);
              await newLink();
            },
          ),
          { numRuns: RUNS },
        );
      } finally {
        env().clock.reset();
      }
      expect(used.size).toBeGreaterThan(0);
      // The last reset holds, and it signed out the session from before.
      expect((await signIn(env(), email, lastPassword)).status).toBe(200);
      expect(await getSession(env(), cookie)).toBeNull();
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `GET the mailed links: ${RUNS} hostile callbackURLs, each a redirect to a page of this site`,
    async () => {
      const email = uniqueEmail('links');
      expect((await signUp(env(), { email })).status).toBe(200);
      const verifyToken = new URL(env().mailer.lastLink(email, 'Confirm')).searchParams.get('token')!;
      const { email: resetEmail } = await signUpAndSignIn(env());
      await env().request('/api/auth/request-password-reset', { ip: freshIp(), body: { email: resetEmail } });
      const resetToken = new URL(env().mailer.lastLink(resetEmail, 'Reset')).pathname.split('/').at(-1)!;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('verify', 'reset'),
          fc.boolean(),
          hostileCallbackURL,
          async (link, realToken, callbackURL) => {
            const path =
              link === 'verify'
                ? `/api/auth/verify-email?token=${realToken ? verifyToken : 'made-up'}`
                : `/api/auth/reset-password/${realToken ? resetToken : 'made-up'}?`;
            const query = `${link === 'verify' ? '&' : ''}callbackURL=${percentEncodeAnything(callbackURL)}`;
            const res = await env().request(`${path}${query}`, { ip: freshIp() });
            const what = `${link} ${JSON.stringify(callbackURL.slice(0, 80))}`;
            await expectCalmAnswer(res, what);
            const url = expectSafeRedirect(res, what);
            const given = new URL(`http://x/?c=${percentEncodeAnything(callbackURL)}`).searchParams.get('c');
            const safe = safeCallbackPath(given, TEST_BASE_URL);
            const page = link === 'verify' ? LINK_PAGES['/verify-email']! : LINK_PAGES['/reset-password/']!;
            // A page of this site is kept; anything else becomes the link's usual page.
            expect(url.pathname, what).toBe(new URL(safe ?? page, TEST_BASE_URL).pathname);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    `POST sign-up, sign-in and reset request: ${RUNS / 5} hostile callback URLs, each kept as a path or refused with 400`,
    async () => {
      const { email } = await signUpAndSignIn(env());
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('sign-up', 'sign-in', 'reset'),
          hostileCallbackURL,
          async (kind, callbackURL) => {
            const [path, body]: [string, { email: string } & Record<string, string | boolean>] =
              kind === 'sign-up'
                ? [
                    '/api/auth/sign-up/email',
                    { email: uniqueEmail('cb'), password: DEFAULT_PASSWORD, ageConfirmed: true, callbackURL },
                  ]
                : kind === 'sign-in'
                  ? ['/api/auth/sign-in/email', { email: uniqueEmail('cb'), password: 'not-the-password', callbackURL }]
                  : ['/api/auth/request-password-reset', { email: uniqueEmail('cb'), redirectTo: callbackURL }];
            const res = await env().request(path, { ip: freshIp(), body });
            const what = `${kind} ${JSON.stringify(callbackURL.slice(0, 80))}`;
            const text = await expectCalmAnswer(res, what);
            if (Buffer.byteLength(JSON.stringify(body)) > API_BODY_LIMIT_BYTES) {
              expect(res.status, what).toBe(413);
              return;
            }
            const safe = callbackURL === '' || safeCallbackPath(callbackURL, TEST_BASE_URL) !== null;
            if (safe) {
              // A callback may still hold text the database cannot store (NUL, a lone surrogate).
              if (res.status === 400) expect(JSON.parse(text), what).toMatchObject({ code: 'INVALID_TEXT' });
              else expect(res.status, what).toBe(kind === 'sign-in' ? 401 : 200);
            } else {
              expect(res.status, what).toBe(400);
              expect(JSON.parse(text), what).toMatchObject({
                code: expect.stringMatching(/^INVALID_(CALLBACK_URL|TEXT)$/),
              });
            }
            if (kind === 'sign-up' && res.status === 200) {
              const link = new URL(env().mailer.lastLink(body.email, 'Confirm'));
              const kept = link.searchParams.get('callbackURL')!;
              expect(safeCallbackPath(kept, TEST_BASE_URL), what).toBe(kept);
            }
          },
        ),
        { numRuns: RUNS / 5 },
      );
      // Nothing above touched an existing account.
      expect((await signIn(env(), email)).status).toBe(200);
    },
    TIMEOUT,
  );

  it('regression: NUL in a sign-in email or a reset token is a 400, not a 500', async () => {
    for (const [path, body] of [
      ['/api/auth/sign-in/email', { email: 'a\u0000@b.co', password: 'x' }],
      ['/api/auth/reset-password', { newPassword: DEFAULT_PASSWORD, token: 'x\u0000' }],
    ] as const) {
      const res = await env().request(path, { ip: freshIp(), body });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_TEXT');
    }
  });

  it('regression: a sign-up name is trimmed, at most the display-name limit, and without NUL, unpaired surrogates or hidden characters', async () => {
    for (const name of ['x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1), 'a\u0000b', 'a\ud800b', 'a\u200bb', 'Ann \u2714']) {
      const res = await env().request('/api/auth/sign-up/email', {
        ip: freshIp(),
        body: { email: uniqueEmail(), password: DEFAULT_PASSWORD, name, ageConfirmed: true },
      });
      expect(res.status, name.slice(0, 10)).toBe(400);
    }
    const email = uniqueEmail();
    const res = await env().request('/api/auth/sign-up/email', {
      ip: freshIp(),
      body: {
        email,
        password: DEFAULT_PASSWORD,
        name: "\n Ann <b>O'Neil</b> \t",
        ageConfirmed: true,
      },
    });
    expect(res.status).toBe(200);
    const [row] = await env().db.select().from(user).where(eq(user.email, email));
    expect(row!.name).toBe("Ann <b>O'Neil</b>");
  });

  it('regression: a body nested thousands deep is a 400, not a stack overflow (500)', async () => {
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email']) {
      const res = await env().request(path, {
        ip: freshIp(),
        rawBody: `{"email":"deep@example.com","password":"${DEFAULT_PASSWORD}","x":${deeplyNested(5000, 'object')}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('BODY_TOO_DEEP');
    }
  });
});

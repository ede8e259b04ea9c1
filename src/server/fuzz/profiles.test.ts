/**
 * Fuzz: the own-profile writes and the verification application under hostile input
 * (src/server/test/hostile.ts). Never a 5xx; usernames stay valid, unique and unreserved; a display
 * name or social link accepted comes back exactly as sent (trimmed) through the API, and in the
 * public profile's link-preview tags (og.ts) it is text: the head has the same elements and
 * attributes as with a plain name, and its title reads back as the exact name.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '../../shared/display-name.ts';
import { EMPTY_SOCIAL_LINKS } from '../../shared/profiles.ts';
import type { PublicProfile, SocialLinks } from '../../shared/profile-schemas.ts';
import { RESERVED_USERNAMES, USERNAME_PATTERN, isUnchoosableUsername } from '../../shared/usernames.ts';
import { usernameSchema } from '../../shared/profile-schemas.ts';
import { createApp } from '../app.ts';
import { profiles, usernameHistory } from '../db/schema/index.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { injectProfileMeta, profileTitle } from '../modules/profiles/og.ts';
import { usernameOf } from '../modules/profiles/test-helpers.ts';
import { CapturingMailer, describeEachDatabase, freshIp, signUpAndSignIn, type TestEnv } from '../test/harness.ts';
import { snapshotTables } from '../test/db-snapshot.ts';
import {
  expectBodyLimitKept,
  expectCalmAnswer,
  hostileBody,
  hostileString,
  percentEncodeAnything,
  prototypeFingerprint,
  sendOptions,
  storableText,
  type HostileBody,
} from '../test/hostile.ts';
import { expectProfilesObeyTheRules } from '../test/invariants.ts';

const RUNS = 1000;
/** Each property sends 1,000 requests and more; the machine may be busy with other suites. */
const TIMEOUT = 600_000;
const SITE = 'https://betproof.example';
const INDEX_HTML = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');

const parsedBody = (body: HostileBody) =>
  ('json' in body ? body.json : JSON.parse(body.raw)) as Record<string, unknown>;

// --- link previews, read as an HTML tokenizer reads them -----------------------------------------

/**
 * The document's markup with every double-quoted attribute value and the title's text emptied.
 * Escaped text cannot end an attribute value (no `"`) or the title (no `<`), so a name that is
 * text leaves this skeleton exactly as a plain name does; a name that broke out would add or
 * change elements or attributes here.
 */
const skeleton = (html: string) => html.replace(/"[^"]*"/g, '""').replace(/<title>[^<]*<\/title>/g, '<title></title>');

const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

const PLAIN_SKELETON = skeleton(
  injectProfileMeta(INDEX_HTML, { username: 'plain', displayName: 'Plain', summary: 's', url: `${SITE}/plain` })!,
);

function expectPreviewShowsText(html: string, username: string, displayName: string | null) {
  expect(skeleton(html)).toBe(PLAIN_SKELETON);
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const ogTitle = /<meta property="og:title" content="([^"]*)" \/>/.exec(html)?.[1];
  const expected = profileTitle({ username, displayName });
  expect(decodeEntities(title!)).toBe(expected);
  expect(decodeEntities(ogTitle!)).toBe(expected);
  // Every & starts one of the five entities escapeHtml writes, so decoding is unambiguous.
  expect(title!.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/[&<>"']/);
}

const clientDirs: string[] = [];
afterAll(() => {
  for (const dir of clientDirs) rmSync(dir, { recursive: true, force: true });
});

/** GET a page from the app as production runs it, serving a built client (here the source index.html). */
function pageGetter(env: TestEnv) {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-fuzz-og-'));
  clientDirs.push(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: SITE,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  const { app } = createApp({
    config,
    db: env.db,
    mailer: new CapturingMailer(),
    logger: createLogger('silent'),
    clientDir,
  });
  return async (pathname: string) => {
    const res = await app.request(pathname);
    expect(res.status).toBe(200);
    return res.text();
  };
}

// --- generators -----------------------------------------------------------------------------------

const usernameCandidate = (taken: () => string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.stringMatching(/^[a-z0-9_.]{3,30}$/) },
    { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_.]{3,30}$/).map((n) => ` ${n}\t`) },
    { weight: 1, arbitrary: fc.constantFrom(...RESERVED_USERNAMES).chain((n) => fc.constantFrom(n, n.toUpperCase())) },
    { weight: 1, arbitrary: fc.constant(null).map(() => taken()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('ab', 'a'.repeat(31), 'ünïcode', 'with space', 'a\u200bb', 'ᴀdmin', 'ａｄｍｉｎ'),
    },
  );

const validProfileUpdate = (taken: () => string) =>
  fc
    .record(
      {
        username: usernameCandidate(taken),
        displayName: fc.oneof(storableText(DISPLAY_NAME_MAX_LENGTH), fc.constantFrom('', '   ')),
      },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0);

const handle = fc.stringMatching(/^[A-Za-z0-9_.]{1,50}$/);
const nastyUrl = (protocols: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...protocols),
      fc.constantFrom(
        'example.com',
        'sub.example.co.uk',
        'xn--exmple-cua.com',
        'exämple.com',
        'user:pass@evil.example',
      ),
      storableText(120),
    )
    .map(([protocol, host, rest]) => `${protocol}//${host}/${rest.trim()}`)
    .filter((url) => url.length <= 200);
const validSettings = fc.record({
  profilePublic: fc.boolean(),
  social: fc.record({
    twitter: fc.oneof(fc.constant(''), handle, nastyUrl(['https:'])),
    instagram: fc.oneof(fc.constant(''), handle, nastyUrl(['https:'])),
    youtube: fc.oneof(fc.constant(''), handle, nastyUrl(['https:'])),
    website: fc.oneof(fc.constant(''), nastyUrl(['https:', 'http:'])),
  }),
});

describeEachDatabase('fuzz: profile writes', (env) => {
  const fingerprint = prototypeFingerprint();
  let other: { userId: string; username: string };

  beforeAll(async () => {
    const { userId } = await signUpAndSignIn(env());
    other = { userId, username: await usernameOf(env(), userId) };
  });

  it(
    `PATCH /api/profile: ${RUNS} hostile bodies; usernames stay valid, names come back exactly and preview as text`,
    async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const getPage = pageGetter(env());
      let current = (await (await env().request('/api/profile', { cookie })).json()) as PublicProfile;
      let accepted = 0;

      await fc.assert(
        fc.asyncProperty(hostileBody(validProfileUpdate(() => other.username)), async (body) => {
          const res = await env().request('/api/profile', {
            method: 'PATCH',
            cookie,
            ip: freshIp(),
            ...sendOptions(body),
          });
          const text = await expectCalmAnswer(res, `PATCH /api/profile (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          expect([200, 400, 409, 413, 415, 422], text).toContain(res.status);
          if (body.kind === 'valid') expect(res.status, text).toBe(expectedStatus(parsedBody(body), other.username));
          if (res.status !== 200) return;

          accepted++;
          const sent = parsedBody(body);
          const profile = JSON.parse(text) as PublicProfile;
          const username = typeof sent.username === 'string' ? sent.username.trim().toLowerCase() : current.username;
          const trimmedName = typeof sent.displayName === 'string' ? sent.displayName.trim() : undefined;
          const displayName = trimmedName === undefined ? current.displayName : trimmedName || null;
          expect(profile.username).toBe(username);
          expect(profile.displayName).toBe(displayName);
          current = profile;
          // Read back as anyone sees it, and as a link preview.
          const shown = (await (await env().request(`/api/profiles/${username}`)).json()) as PublicProfile;
          expect(shown.displayName).toBe(displayName);
          expectPreviewShowsText(await getPage(`/${username}`), username, displayName);
        }),
        { numRuns: RUNS },
      );
      expect(accepted).toBeGreaterThan(RUNS / 5);

      const [row] = await env().db.select().from(profiles).where(eq(profiles.userId, userId));
      expect({ username: row!.username, displayName: row!.displayName }).toEqual({
        username: current.username,
        displayName: current.displayName,
      });
      expect(await usernameOf(env(), other.userId)).toBe(other.username);
      await expectProfilesObeyTheRules(env());
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `GET /api/profile/username-availability: ${RUNS} hostile names; 200 exactly when the schema takes one, nothing written`,
    async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      // A chosen name someone holds, among the names asked about.
      const holder = await signUpAndSignIn(env());
      const held = 'fuzz.held.name';
      const rename = { method: 'PATCH', cookie: holder.cookie, body: { username: held } };
      expect((await env().request('/api/profile', rename)).status).toBe(200);
      const before = await snapshotTables(env());
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            usernameCandidate(() => held),
            hostileString,
          ),
          async (name) => {
            const res = await env().request(
              `/api/profile/username-availability?username=${percentEncodeAnything(name)}`,
              { cookie, ip: freshIp() },
            );
            const what = `availability of ${JSON.stringify(name.slice(0, 40))}`;
            const text = await expectCalmAnswer(res, what);
            const parsed = usernameSchema.safeParse(name);
            expect(res.status, `${what}: ${text}`).toBe(parsed.success ? 200 : 422);
            if (!parsed.success) {
              expect(JSON.parse(text), what).toMatchObject({ fields: { username: expect.any(String) } });
              return;
            }
            answered++;
            // Free: no profile has the name, or the caller's has, and no one else gave it up in the
            // last 30 days (the earlier tests' renames did: db/functions/profiles_username_not_recently_released.sql).
            const [holding] = await env()
              .db.select({ userId: profiles.userId })
              .from(profiles)
              .where(eq(profiles.username, parsed.data));
            const [released] = await env()
              .db.select({ userId: usernameHistory.userId })
              .from(usernameHistory)
              .where(and(eq(usernameHistory.oldUsername, parsed.data), ne(usernameHistory.userId, userId)));
            expect(JSON.parse(text), what).toEqual({
              username: parsed.data,
              available: (!holding || holding.userId === userId) && !released,
            });
          },
        ),
        { numRuns: RUNS },
      );
      expect(answered).toBeGreaterThan(RUNS / 5);
      // Asking writes nothing.
      expect(await snapshotTables(env())).toEqual(before);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `PUT /api/profile/settings: ${RUNS} hostile bodies; links accepted come back exactly`,
    async () => {
      const { cookie } = await signUpAndSignIn(env());
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(hostileBody(validSettings), async (body) => {
          const res = await env().request('/api/profile/settings', {
            method: 'PUT',
            cookie,
            ip: freshIp(),
            ...sendOptions(body),
          });
          const text = await expectCalmAnswer(res, `PUT /api/profile/settings (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          if (body.kind === 'valid') expect(res.status, text).toBe(200);
          else expect([200, 400, 413, 415, 422], text).toContain(res.status);
          if (res.status !== 200) return;

          accepted++;
          const sent = parsedBody(body) as { profilePublic: boolean; social: SocialLinks };
          const social = Object.fromEntries(
            Object.keys(EMPTY_SOCIAL_LINKS).map((k) => [k, sent.social[k as keyof SocialLinks].trim()]),
          );
          const own = (await (await env().request('/api/profile', { cookie })).json()) as PublicProfile;
          expect(own.social).toEqual(social);
          expect(own.profilePublic).toBe(sent.profilePublic);
        }),
        { numRuns: RUNS },
      );
      expect(accepted).toBeGreaterThan(RUNS / 5);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `POST /api/verification/apply: ${RUNS} hostile bodies; applies only when unverified`,
    async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const statusOf = async () =>
        (await env().db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!.verificationStatus;
      let applied = 0;
      await fc.assert(
        fc.asyncProperty(hostileBody(fc.record({})), fc.boolean(), async (body, declineFirst) => {
          // An admin declining now and then, so both answers come up.
          if (declineFirst) {
            await env()
              .db.update(profiles)
              .set({ verificationStatus: 'unverified' })
              .where(eq(profiles.userId, userId));
          }
          const before = await statusOf();
          const res = await env().request('/api/verification/apply', { cookie, ip: freshIp(), ...sendOptions(body) });
          const text = await expectCalmAnswer(res, `POST /api/verification/apply (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          if (res.status === 413) {
            expect(await statusOf()).toBe(before);
            return;
          }
          expect(res.status, text).toBe(before === 'unverified' ? 201 : 409);
          expect(await statusOf()).toBe('pending');
          if (res.status === 201) applied++;
        }),
        { numRuns: RUNS },
      );
      expect(applied).toBeGreaterThan(RUNS / 5);
      await expectProfilesObeyTheRules(env());
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it('regression: NUL or an unpaired surrogate in a display name or link is a 422, not a 500 or U+FFFD', async () => {
    const { cookie } = await signUpAndSignIn(env());
    for (const displayName of ['a\u0000b', 'a\udc00b', '\ud800'])
      expect((await env().request('/api/profile', { method: 'PATCH', cookie, body: { displayName } })).status).toBe(
        422,
      );
    for (const website of ['https://a.example/\u0000', 'https://a.example/\ud800']) {
      const res = await env().request('/api/profile/settings', {
        method: 'PUT',
        cookie,
        body: { profilePublic: true, social: { ...EMPTY_SOCIAL_LINKS, website } },
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
        'social.website': 'Must not contain a NUL character or an unpaired surrogate',
      });
    }
    const own = (await (await env().request('/api/profile', { cookie })).json()) as PublicProfile;
    expect(own.displayName).toBeNull();
    expect(own.social.website).toBe('');
  });

  it('regression: an unknown "__proto__" key is named as an unknown field', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const res = await env().request('/api/profile', {
      method: 'PATCH',
      cookie,
      rawBody: '{"displayName":"x","__proto__":{"polluted":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(422);
    // The profile form's headline is the one field's message.
    expect(await res.json()).toEqual({ error: 'Unknown field', fields: { ['__proto__']: 'Unknown field' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** What a valid-shaped update must get: 422 for a bad or reserved username, 409 for a taken one. */
/** What the shared rules say of a valid body: a name no one may choose (a reserved word, or the
 * generated form the other account holds) and a display name the schema refuses are 422. */
function expectedStatus(body: Record<string, unknown>, taken: string) {
  if (typeof body.displayName === 'string' && !displayNameSchema('Display name').safeParse(body.displayName).success)
    return 422;
  if (typeof body.username !== 'string') return 200;
  const name = body.username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(name) || isUnchoosableUsername(name)) return 422;
  return name === taken ? 409 : 200;
}

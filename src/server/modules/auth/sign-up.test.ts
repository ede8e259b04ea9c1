import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, profiles, user, userSettings } from '../../db/schema/index.ts';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/display-name.ts';
import { USERNAME_PATTERN, isGeneratedUsername, isProfileUsername } from '../../../shared/usernames.ts';
import { usernameSchema } from '../../../shared/profile-schemas.ts';
import { AGE_CONFIRMATION_MESSAGE } from '../../../shared/auth.ts';
import { rowsOf } from '../../db/sql.ts';
import {
  DEFAULT_PASSWORD,
  confirmEmail,
  cookieFrom,
  describeEachDatabase,
  freshIp,
  refusingConstraint,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.ts';

const usersWithEmail = async (env: TestEnv, email: string) =>
  env.db.select().from(user).where(eq(user.email, email.toLowerCase()));

const profileOf = async (env: TestEnv, email: string) => {
  const [row] = await env.db
    .select({ username: profiles.username, displayName: profiles.displayName, status: profiles.verificationStatus })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(user.email, email.toLowerCase()));
  if (!row) throw new Error(`no profile for ${email}`);
  return row;
};

const usernameFor = async (env: TestEnv, email: string) => {
  const res = await signUp(env, { email });
  expect(res.status).toBe(200);
  return (await profileOf(env, email)).username;
};

const mailsTo = (env: TestEnv, email: string) => env.mailer.sent.filter((m) => m.to === email.toLowerCase());

describeEachDatabase('accounts', (env) => {
  describe('sign-up', () => {
    it('creates the account, its profile and settings, and mails a confirmation link', async () => {
      const email = 'Alice.Signup@Example.com';
      const res = await signUp(env(), { email, name: '  Alice Example ' });
      expect(res.status).toBe(200);
      // Not signed in until the address is confirmed.
      expect(res.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
      const body = (await res.json()) as { token: unknown; user: Record<string, unknown> };
      expect(body.token).toBeNull();
      expect(body.user).toMatchObject({ email: email.toLowerCase(), emailVerified: false, role: 'user' });

      const [row] = await usersWithEmail(env(), email);
      expect(row).toMatchObject({ email: email.toLowerCase(), emailVerified: false, role: 'user' });
      const [credential] = await env().db.select().from(account).where(eq(account.userId, row!.id));
      expect(credential?.providerId).toBe('credential');
      expect(credential?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      expect(await profileOf(env(), email)).toEqual({
        username: expect.stringMatching(/^bettor_[0-9a-z]{6}$/),
        displayName: 'Alice Example',
        status: 'unverified',
      });
      const [settings] = await env().db.select().from(userSettings).where(eq(userSettings.userId, row!.id));
      expect(settings?.privacySettings).toEqual({ profile_public: true });

      const mails = mailsTo(env(), email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Confirm your betproof email');
      const link = env().mailer.lastLink(email, 'Confirm');
      expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=/);
      expect(mails[0]!.html).toContain(link.replace(/&/g, '&amp;'));
    });

    it('accepts a sign-up without a name', async () => {
      const email = uniqueEmail('noname');
      const res = await env().request('/api/auth/sign-up/email', {
        body: { email, password: DEFAULT_PASSWORD, ageConfirmed: true },
        ip: freshIp(),
      });
      expect(res.status).toBe(200);
      const [row] = await usersWithEmail(env(), email);
      expect(row?.name).toBe('');
      expect((await profileOf(env(), email)).displayName).toBeNull();
      expect(mailsTo(env(), email)).toHaveLength(1);
    });

    it('takes a full name up to the display-name limit, which the profile form then saves unchanged', async () => {
      // Exactly the limit, which counts characters (code points): the emoji is one.
      const name = `${'Ann '.repeat(14)}Lee😀`;
      expect([...name]).toHaveLength(DISPLAY_NAME_MAX_LENGTH);
      const { email, cookie } = await signUpAndSignIn(env(), { name: `  ${name} ` });
      expect((await profileOf(env(), email)).displayName).toBe(name);
      const saved = await env().request('/api/profile', { method: 'PATCH', cookie, body: { displayName: name } });
      expect(saved.status).toBe(200);
      expect((await profileOf(env(), email)).displayName).toBe(name);

      const longer = uniqueEmail('longname');
      const res = await signUp(env(), { email: longer, name: `${name}x` });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'INVALID_NAME',
        message: `Full name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
      });
      expect(await usersWithEmail(env(), longer)).toHaveLength(0);
    });

    it('refuses an image or any key the sign-up form does not send, and stores no image', async () => {
      for (const [extra, message] of [
        [{ image: 'javascript:alert(1)' }, 'image: Unknown field'],
        [{ image: 'x'.repeat(10_000) }, 'image: Unknown field'],
        [{ image: null, role: 'admin' }, 'image: Unknown field; role: Unknown field'],
        [{ emailVerified: true }, 'emailVerified: Unknown field'],
        [JSON.parse('{"__proto__":{"image":"x"}}') as object, '__proto__: Unknown field'],
      ] as const) {
        const email = uniqueEmail('extra');
        const res = await signUp(env(), { email, ...extra });
        expect(res.status, message).toBe(400);
        expect(await res.json()).toEqual({ code: 'UNKNOWN_FIELD', message });
        expect(await usersWithEmail(env(), email)).toHaveLength(0);
        expect(mailsTo(env(), email)).toHaveLength(0);
      }
      // What the sign-up form sends through Better Auth's client, and rememberMe, which it may add.
      const email = uniqueEmail('known');
      const res = await signUp(env(), { email, name: 'Kim', callbackURL: '/auth?verified=1', rememberMe: false });
      expect(res.status).toBe(200);
      const [row] = await usersWithEmail(env(), email);
      expect(row).toMatchObject({ name: 'Kim', image: null });
    });

    it.each([
      ['not-an-email', 'Enter a valid email address'],
      ['missing-at.example.com', 'Enter a valid email address'],
      ['two@@example.com', 'Enter a valid email address'],
      ['', 'Email is required'],
    ])('rejects the malformed email %j', async (email, message) => {
      const res = await signUp(env(), { email });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'INVALID_EMAIL', message });
      expect(await usersWithEmail(env(), email)).toHaveLength(0);
    });

    it('trims spaces around the email', async () => {
      const email = uniqueEmail('spaces');
      const res = await signUp(env(), { email: `  ${email} ` });
      expect(res.status).toBe(200);
      expect(await usersWithEmail(env(), email)).toHaveLength(1);
    });

    it.each(['', 'a', 'abc12'])('rejects the password %j (under 6 characters)', async (password) => {
      const email = uniqueEmail('short');
      const res = await signUp(env(), { email, password });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PASSWORD_TOO_SHORT',
        message: 'Password must be at least 6 characters',
      });
      expect(await usersWithEmail(env(), email)).toHaveLength(0);
      expect(mailsTo(env(), email)).toHaveLength(0);
    });

    it('accepts a password of exactly 6 characters', async () => {
      const res = await signUp(env(), { email: uniqueEmail('six'), password: 'x7#kq2' });
      expect(res.status).toBe(200);
    });

    it('rejects a password over 128 characters', async () => {
      const email = uniqueEmail('long');
      const res = await signUp(env(), { email, password: 'x'.repeat(129) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PASSWORD_TOO_LONG',
        message: 'Password must be at most 128 characters',
      });
      expect(await usersWithEmail(env(), email)).toHaveLength(0);
    });

    it.each(['password1', 'qwerty123', 'Password1', 'QWERTY123', 'iloveyou'])(
      'rejects the common password %j and says why',
      async (password) => {
        const email = uniqueEmail('common');
        const res = await signUp(env(), { email, password });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE });
        expect(COMMON_PASSWORD_MESSAGE).toMatch(/most commonly used passwords/);
        expect(await usersWithEmail(env(), email)).toHaveLength(0);
        expect(mailsTo(env(), email)).toHaveLength(0);
      },
    );

    it('answers a confirmed address exactly like a new one, creates nothing, and tells only the owner', async () => {
      const email = uniqueEmail('dup');
      const first = await signUp(env(), { email, name: 'First' });
      expect(first.status).toBe(200);
      const firstBody = (await first.json()) as { token: unknown; user: Record<string, unknown> };
      expect((await confirmEmail(env(), email)).status).toBe(302);
      const [before] = await env()
        .db.select()
        .from(account)
        .where(eq(account.userId, firstBody.user.id as string));

      for (const variant of [email, email.toUpperCase()]) {
        const again = await signUp(env(), { email: variant, name: 'Second', password: 'another-secret-77' });
        expect(again.status).toBe(200);
        expect(again.headers.getSetCookie()).toEqual([]);
        const body = (await again.json()) as { token: unknown; user: Record<string, unknown> };
        // Same shape and same values a brand-new account would get; nothing that tells them apart.
        expect(Object.keys(body).sort()).toEqual(Object.keys(firstBody).sort());
        expect(Object.keys(body.user).sort()).toEqual(Object.keys(firstBody.user).sort());
        expect(body).toMatchObject({
          token: null,
          user: { email: email.toLowerCase(), emailVerified: false, role: 'user', name: 'Second' },
        });
        expect(body.user.id).not.toBe(firstBody.user.id);
      }

      const rows = await usersWithEmail(env(), email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toBe('First');
      // The second password did not replace the first.
      const [after] = await env().db.select().from(account).where(eq(account.userId, rows[0]!.id));
      expect(after?.password).toBe(before?.password);
      // No new confirmation link; the address's owner is told an account exists, with the way in.
      const mails = mailsTo(env(), email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Confirm your betproof email',
        'You already have a betproof account',
        'You already have a betproof account',
      ]);
      expect(mails[1]!.text).toContain('Sign in: http://localhost:3000/auth');
      expect(mails[1]!.text).toMatch(/Forgot Password/);
    });

    it('starts over for an address never confirmed: the first password and its link stop working', async () => {
      const email = uniqueEmail('hijack');
      const first = await signUp(env(), { email, name: 'Squatter', password: 'squatter-secret-41' });
      expect(first.status).toBe(200);
      const firstId = ((await first.json()) as { user: { id: string } }).user.id;
      const firstLink = new URL(env().mailer.lastLink(email, 'Confirm'));

      const second = await signUp(env(), { email, name: 'Owner', password: 'owner-secret-58' });
      expect(second.status).toBe(200);
      const secondId = ((await second.json()) as { user: { id: string } }).user.id;
      expect(secondId).not.toBe(firstId);
      const rows = await usersWithEmail(env(), email);
      expect(rows.map((r) => [r.id, r.name, r.emailVerified])).toEqual([[secondId, 'Owner', false]]);
      // The address's owner gets a new confirmation link, for the new account.
      expect(mailsTo(env(), email).map((m) => m.subject)).toEqual([
        'Confirm your betproof email',
        'Confirm your betproof email',
      ]);

      // The first link confirms nothing.
      const stale = await env().request(firstLink.pathname + firstLink.search, { ip: freshIp() });
      expect(stale.status).toBe(302);
      expect(stale.headers.get('location')).toMatch(/[?&]error=(INVALID_TOKEN|USER_NOT_FOUND)/);
      expect(stale.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
      expect((await usersWithEmail(env(), email))[0]!.emailVerified).toBe(false);

      // The new link confirms the owner's account; only the owner's password signs in.
      expect((await confirmEmail(env(), email)).status).toBe(302);
      expect((await signIn(env(), email, 'squatter-secret-41')).status).toBe(401);
      expect((await signIn(env(), email, 'owner-secret-58')).status).toBe(200);
    });

    it('never takes a role or a verified address from the client', async () => {
      const email = uniqueEmail('sneaky');
      const res = await signUp(env(), { email, role: 'admin', emailVerified: true });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'UNKNOWN_FIELD',
        message: 'role: Unknown field; emailVerified: Unknown field',
      });
      expect(await usersWithEmail(env(), email)).toHaveLength(0);
    });
  });

  describe('the 18-or-older confirmation', () => {
    it('stores when it was given, on the server clock, and never shows it to the client', async () => {
      const email = uniqueEmail('adult');
      const res = await signUp(env(), { email, ageConfirmed: true });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: Record<string, unknown> };
      expect(Object.keys(body.user)).not.toContain('ageConfirmedAt');
      const [row] = await usersWithEmail(env(), email);
      // Stamped by the create hook with the injected clock (a moment ago), not by the database.
      const at = row!.ageConfirmedAt!.getTime();
      expect(at).toBeLessThanOrEqual(env().clock.now().getTime());
      expect(at).toBeGreaterThan(env().clock.now().getTime() - 60_000);
      expect(row!.createdAt.getTime() - at).toBeLessThan(60_000);
    });

    it.each([
      ['left out', undefined],
      ['false', false],
      ['the text "true"', 'true'],
      ['1', 1],
      ['null', null],
    ])('refuses a sign-up with the confirmation %s: 400, no account, no mail', async (_, ageConfirmed) => {
      const email = uniqueEmail('minor');
      const res = await signUp(env(), { email, name: 'Young One', ageConfirmed });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'AGE_NOT_CONFIRMED', message: AGE_CONFIRMATION_MESSAGE });
      expect(AGE_CONFIRMATION_MESSAGE).toBe('Confirm that you are 18 or older to create an account');
      expect(await usersWithEmail(env(), email)).toHaveLength(0);
      expect(mailsTo(env(), email)).toHaveLength(0);
    });

    it('is required of every new account by the database, and never changes once stored', async () => {
      const insert = sql`insert into users (id, name, email) values ('no-age-1', '', 'no.age@example.com')`;
      expect(await refusingConstraint(env(), insert, '23514', ['users_age_confirmed'])).toBe('users_age_confirmed');
      expect(await usersWithEmail(env(), 'no.age@example.com')).toHaveLength(0);

      const { email } = await signUpAndSignIn(env());
      const [before] = await usersWithEmail(env(), email);
      for (const change of [sql`now() - interval '1 day'`, sql`null`]) {
        const update = sql`update users set age_confirmed_at = ${change} where id = ${before!.id}`;
        expect(await refusingConstraint(env(), update, '23514', ['users_age_confirmation_final'])).toBe(
          'users_age_confirmation_final',
        );
      }
      // Anything else about the account still changes.
      await env().db.execute(sql`update users set name = 'Renamed' where id = ${before!.id}`);
      const [after] = await usersWithEmail(env(), email);
      expect(after).toMatchObject({ name: 'Renamed', ageConfirmedAt: before!.ageConfirmedAt });
    });
  });

  describe('default usernames', () => {
    it('is neutral: bettor_ and 6 random base36 characters, nothing from the email', async () => {
      const names = [];
      for (const local of ['jane.doe', 'Mixed.Case_Name', 'admin', 'q']) {
        names.push(await usernameFor(env(), `${local}@neutral.example`));
      }
      for (const name of names) {
        expect(name).toMatch(/^bettor_[0-9a-z]{6}$/);
        expect(isGeneratedUsername(name)).toBe(true);
      }
      expect(new Set(names).size).toBe(names.length);
    });

    it('follows the one username rule, and its form is never a name anyone can choose', () => {
      expect(USERNAME_PATTERN.test('bettor_7k2q9f')).toBe(true);
      expect(isGeneratedUsername('bettor_7k2q9f')).toBe(true);
      expect(usernameSchema.safeParse('bettor_7k2q9f').success).toBe(false);
      expect(usernameSchema.safeParse('bettor-7k2q9f').success).toBe(false);
      // Only that exact form is kept for new accounts.
      expect(usernameSchema.safeParse('bettor_7k2q9').success).toBe(true);
    });

    it('draws again when the name drawn is taken', async () => {
      const taken = await usernameFor(env(), uniqueEmail('first'));
      const [original] = rowsOf<{ def: string }>(
        await env().db.execute(sql`select pg_get_functiondef('neutral_username'::regproc) as def`),
      );
      // Three draws of a taken name, then a free one.
      await env().db.execute(sql`create sequence test_neutral_draws`);
      await env().db.execute(
        sql.raw(`create or replace function neutral_username() returns text language sql volatile as $$
          select case when nextval('test_neutral_draws') <= 3 then '${taken}' else 'bettor_q1w2e3' end $$`),
      );
      try {
        expect(await usernameFor(env(), uniqueEmail('second'))).toBe('bettor_q1w2e3');
        const [draws] = rowsOf<{ n: string }>(
          await env().db.execute(sql`select last_value::text as n from test_neutral_draws`),
        );
        expect(draws!.n).toBe('4');
      } finally {
        await env().db.execute(sql.raw(original!.def));
        await env().db.execute(sql`drop sequence test_neutral_draws`);
      }
      expect(await usernameFor(env(), uniqueEmail('third'))).toMatch(/^bettor_[0-9a-z]{6}$/);
    });

    it('always yields a username a profile may have, and stores none twice', async () => {
      const rows = await env().db.select({ username: profiles.username }).from(profiles);
      expect(rows.length).toBeGreaterThan(10);
      for (const { username } of rows) expect(isProfileUsername(username), username).toBe(true);
      const [dups] = rowsOf<{ n: number }>(
        await env().db.execute(
          sql`select count(*)::int as n from (select lower(username) from profiles group by 1 having count(*) > 1) d`,
        ),
      );
      expect(dups?.n).toBe(0);
    });
  });

  describe('email confirmation', () => {
    it('refuses sign-in before the address is confirmed and mails a new link', async () => {
      const email = uniqueEmail('unconfirmed');
      await signUp(env(), { email });
      expect(mailsTo(env(), email)).toHaveLength(1);

      const res = await signIn(env(), email);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Please confirm your email address first. We have sent you a new confirmation link.',
      });
      expect(res.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);
      const mails = mailsTo(env(), email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe('Confirm your betproof email');
    });

    it('does not re-send the confirmation to someone with the wrong password', async () => {
      const email = uniqueEmail('unconfirmed.wrong');
      await signUp(env(), { email });
      const res = await signIn(env(), email, 'not-the-password');
      expect(res.status).toBe(401);
      expect(mailsTo(env(), email)).toHaveLength(1);
    });

    it('confirms the address through the mailed link, which signs the account in once; sign-in works after', async () => {
      const email = uniqueEmail('confirm');
      await signUp(env(), { email });

      const confirmed = await confirmEmail(env(), email);
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get('location')).toBe('/auth?verified=1');
      const [row] = await usersWithEmail(env(), email);
      expect(row?.emailVerified).toBe(true);
      // The link signs the new account in: its session works at once.
      const linkSession = cookieFrom(confirmed);
      expect(linkSession).toContain('better-auth.session_token=');
      const own = await env().request('/api/profile', { cookie: linkSession });
      expect(own.status).toBe(200);
      expect(((await own.json()) as { username: string }).username).toMatch(/^bettor_[0-9a-z]{6}$/);
      // Following it again confirms nothing more and signs no one in.
      const again = await confirmEmail(env(), email);
      expect(again.status).toBe(302);
      expect(again.headers.get('location')).toBe('/auth?verified=1');
      expect(again.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);

      const res = await signIn(env(), email);
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('better-auth.session_token='));
      expect(session).toBeDefined();
      const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes).not.toContain('secure');
      const body = (await res.json()) as { user: { email: string; emailVerified: boolean } };
      expect(body.user).toMatchObject({ email, emailVerified: true });
      expect(cookieFrom(res)).toContain('better-auth.session_token=');
    });

    it('keeps a callback URL the client asked for', async () => {
      const email = uniqueEmail('callback');
      await signUp(env(), { email, callbackURL: '/dashboard' });
      const confirmed = await confirmEmail(env(), email);
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get('location')).toBe('/dashboard');
    });

    it('answers a tampered link with an error redirect and confirms nothing', async () => {
      const email = uniqueEmail('tampered');
      await signUp(env(), { email });
      const link = new URL(env().mailer.lastLink(email, 'Confirm'));
      link.searchParams.set('token', `${link.searchParams.get('token')}x`);
      const res = await env().request(link.pathname + link.search, { ip: freshIp() });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/[?&]error=INVALID_TOKEN/);
      const [row] = await usersWithEmail(env(), email);
      expect(row?.emailVerified).toBe(false);
    });
  });
});

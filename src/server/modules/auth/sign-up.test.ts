import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, profiles, user, userSettings } from '../../db/schema/index.ts';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/display-name.ts';
import { usernameSchema, USERNAME_PATTERN } from '../../../shared/usernames.ts';
import {
  DEFAULT_PASSWORD,
  confirmEmail,
  cookieFrom,
  describeEachDatabase,
  freshIp,
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
        username: email.split('@')[0]!.toLowerCase(),
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
        body: { email, password: DEFAULT_PASSWORD },
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

    it('answers a duplicate email exactly like a new one, creates nothing, and tells only the owner', async () => {
      const email = uniqueEmail('dup');
      const first = await signUp(env(), { email, name: 'First' });
      expect(first.status).toBe(200);
      const firstBody = (await first.json()) as { token: unknown; user: Record<string, unknown> };
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

  describe('default usernames', () => {
    it('is the lowercased local part, keeping only a-z 0-9 _ .', async () => {
      expect(await usernameFor(env(), 'Mixed.Case_Name@Example.com')).toBe('mixed.case_name');
      expect(await usernameFor(env(), 'jane+bets-2024@example.com')).toBe('janebets2024');
    });

    it('pads short local parts to 3 characters', async () => {
      expect(await usernameFor(env(), 'q@example.com')).toBe('q__');
      expect(await usernameFor(env(), 'qz@example.com')).toBe('qz_');
      // Nothing usable at all still gives a valid username.
      expect(await usernameFor(env(), '++@example.com')).toBe('___');
    });

    it('cuts long local parts so that a suffix still fits in 30 characters', async () => {
      const local = 'averyveryverylonglocalpartthatgoesonandon';
      expect(await usernameFor(env(), `${local}@example.com`)).toBe(local.slice(0, 24));
      const second = await usernameFor(env(), `${local}@example.org`);
      expect(second).toMatch(new RegExp(`^${local.slice(0, 24)}\\d{6}$`));
      expect(second).toHaveLength(30);
    });

    it('gives colliding local parts a suffix and keeps every username unique', async () => {
      const names = [];
      for (const domain of ['a.example', 'b.example', 'c.example', 'd.example']) {
        names.push(await usernameFor(env(), `Collide@${domain}`));
      }
      expect(names[0]).toBe('collide');
      for (const name of names.slice(1)) expect(name).toMatch(/^collide\d{6}$/);
      expect(new Set(names).size).toBe(names.length);
    });

    it.each(['admin', 'dashboard', 'api', 'auth', 'profile', 'spotlight', 'support', 'ad-min'])(
      'never gives the reserved word from %j@… as a username',
      async (local) => {
        const reserved = local.replace(/[^a-z0-9_.]/g, '');
        const username = await usernameFor(env(), `${local}@reserved.example`);
        expect(username).not.toBe(reserved);
        expect(username).toMatch(new RegExp(`^${reserved.replace('.', '\\.')}\\d{6}$`));
      },
    );

    it('always yields a username the shared schema accepts, and stores none twice', async () => {
      const rows = await env().db.select({ username: profiles.username }).from(profiles);
      expect(rows.length).toBeGreaterThan(10);
      for (const { username } of rows) {
        expect(username).toMatch(USERNAME_PATTERN);
        expect(usernameSchema.safeParse(username).success).toBe(true);
      }
      const [dups] = await env()
        .db.execute<{ n: number }>(
          sql`select count(*)::int as n from (select lower(username) from profiles group by 1 having count(*) > 1) d`,
        )
        .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
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

    it('confirms the address through the mailed link, after which sign-in works', async () => {
      const email = uniqueEmail('confirm');
      await signUp(env(), { email });

      const confirmed = await confirmEmail(env(), email);
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get('location')).toBe('/auth?verified=1');
      const [row] = await usersWithEmail(env(), email);
      expect(row?.emailVerified).toBe(true);
      // Confirming does not sign in by itself.
      expect(confirmed.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(false);

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

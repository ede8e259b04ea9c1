import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { betPageSchema } from '../../../shared/bet-schemas.ts';
import { EMPTY_SOCIAL_LINKS, PROFILE_NOT_FOUND_ERROR, USERNAME_TAKEN_MESSAGE } from '../../../shared/profiles.ts';
import { publicProfileSchema, type ProfileSettings, type PublicProfile } from '../../../shared/profile-schemas.ts';
import { RESERVED_USERNAMES } from '../../../shared/usernames.ts';
import { insertBets, usernameOf, type BetSpec } from './test-helpers.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

const ADMIN_EMAIL = 'profiles.admin@example.com';

async function profileOf(env: TestEnv, username: string, cookie?: string) {
  const res = await env.request(`/api/profiles/${encodeURIComponent(username)}`, { cookie });
  return { status: res.status, body: (await res.json()) as PublicProfile & { error?: string } };
}

const setPublic = (env: TestEnv, cookie: string, profilePublic: boolean, social = EMPTY_SOCIAL_LINKS) =>
  env.request('/api/profile/settings', { method: 'PUT', cookie, body: { profilePublic, social } });

const rename = (env: TestEnv, cookie: string, body: Record<string, unknown>) =>
  env.request('/api/profile', { method: 'PATCH', cookie, body });

const earnedIds = (p: PublicProfile) => p.achievements.filter((a) => a.earned).map((a) => a.id);

describeEachDatabase(
  'profiles API',
  (env) => {
    // --- states ---------------------------------------------------------------------------

    it('shows a public profile to anyone signed out, in the contract shape', async () => {
      const { userId } = await signUpAndSignIn(env(), { name: 'Pat Punter' });
      const username = await usernameOf(env(), userId);
      const { status, body } = await profileOf(env(), username);
      expect(status).toBe(200);
      expect(publicProfileSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        username,
        displayName: 'Pat Punter',
        verificationStatus: 'unverified',
        daysActive: 1,
        profilePublic: true,
        isOwner: false,
        social: EMPTY_SOCIAL_LINKS,
        stats: { totalBets: 0, won: 0, lost: 0, winRate: 0, totalProfit: '0.00', totalStaked: '0.00', roi: null },
      });
      expect(body.achievements).toHaveLength(6);
      expect(earnedIds(body)).toEqual([]);
    });

    it('matches usernames in any letter case', async () => {
      const { userId } = await signUpAndSignIn(env());
      const username = await usernameOf(env(), userId);
      const { status, body } = await profileOf(env(), username.toUpperCase());
      expect(status).toBe(200);
      expect(body.username).toBe(username);
    });

    it('answers 404 for a username nobody has (or that no one could have)', async () => {
      for (const name of ['nobody.at.all', 'NoBody.At.All', 'x', 'no such!', 'admin', 'a'.repeat(40)]) {
        const res = await env().request(`/api/profiles/${encodeURIComponent(name)}`);
        expect(res.status, name).toBe(404);
        expect(await res.json()).toEqual({ error: PROFILE_NOT_FOUND_ERROR });
        const bets = await env().request(`/api/profiles/${encodeURIComponent(name)}/bets`);
        expect(bets.status, name).toBe(404);
      }
    });

    it('counts days active from creation, rounded up', async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const username = await usernameOf(env(), userId);
      const created = new Date(env().clock.now().getTime() - 2 * DAY_MS - 60_000);
      await env().db.update(profiles).set({ createdAt: created }).where(eq(profiles.userId, userId));
      expect((await profileOf(env(), username)).body.daysActive).toBe(3);
      await env()
        .db.update(profiles)
        .set({ createdAt: new Date(created.getTime() + 60_000) })
        .where(eq(profiles.userId, userId));
      // Exactly two days (give or take the request's milliseconds): 2 or, a moment later, 3.
      expect([2, 3]).toContain((await profileOf(env(), username, cookie)).body.daysActive);
    });

    // --- privacy ----------------------------------------------------------------------------

    it('hides a private profile from everyone but its owner and admins, on every endpoint', async () => {
      const owner = await signUpAndSignIn(env());
      const other = await signUpAndSignIn(env());
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const username = await usernameOf(env(), owner.userId);
      await insertBets(env(), owner.userId, [{ status: 'won', amount: '1500.00' }, { status: 'lost' }, {}]);
      expect((await setPublic(env(), owner.cookie, false)).status).toBe(200);

      for (const [who, cookie] of [
        ['anonymous', undefined],
        ['another user', other.cookie],
      ] as const) {
        for (const path of [`/api/profiles/${username}`, `/api/profiles/${username.toUpperCase()}/bets`]) {
          const res = await env().request(path, { cookie });
          // Exactly what a name nobody has answers: nothing of the record, not even that it exists.
          expect(res.status, `${who} ${path}`).toBe(404);
          expect(await res.json(), `${who} ${path}`).toEqual({ error: PROFILE_NOT_FOUND_ERROR });
        }
      }

      const own = await profileOf(env(), username, owner.cookie);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ isOwner: true, profilePublic: false, stats: { totalBets: 3, won: 1 } });
      // Its bets are self-reported: no achievement counts them (achievements.test.ts).
      expect(earnedIds(own.body)).toEqual([]);

      const asAdmin = await profileOf(env(), username, admin.cookie);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toMatchObject({ isOwner: false, profilePublic: false, stats: { totalBets: 3 } });

      for (const cookie of [owner.cookie, admin.cookie]) {
        const page = await env().request(`/api/profiles/${username}/bets`, { cookie });
        expect(page.status).toBe(200);
        expect(betPageSchema.parse(await page.json()).bets).toHaveLength(3);
      }

      // Public again: everyone sees it.
      expect((await setPublic(env(), owner.cookie, true)).status).toBe(200);
      expect((await profileOf(env(), username)).status).toBe(200);
      expect((await profileOf(env(), username, other.cookie)).body.isOwner).toBe(false);
    });

    it('shares one read between concurrent requests for a profile, each answered for its own viewer, and never from a read begun before it', async () => {
      const owner = await signUpAndSignIn(env());
      const other = await signUpAndSignIn(env());
      const username = await usernameOf(env(), owner.userId);
      await insertBets(env(), owner.userId, [{ status: 'won' }]);
      expect((await setPublic(env(), owner.cookie, false)).status).toBe(200);
      // Every session read once, so that what is counted below is the profile's own reads.
      for (const cookie of [owner.cookie, other.cookie]) await env().request('/api/profile', { cookie });

      const client = (env().db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const queries = vi.spyOn(client, 'query');
      const viewers = [owner.cookie, other.cookie, undefined, owner.cookie, other.cookie];
      const answers = await Promise.all(viewers.map((cookie) => profileOf(env(), username, cookie)));
      const reads = queries.mock.calls.length;
      queries.mockRestore();
      expect(reads).toBe(1);
      expect(answers.map((a) => a.status)).toEqual([200, 404, 404, 200, 404]);
      expect(answers[0]!.body).toMatchObject({ isOwner: true, stats: { totalBets: 1 } });
      expect(answers[1]!.body).toEqual({ error: PROFILE_NOT_FOUND_ERROR });

      // A request made after a write is answered by a read that sees it.
      await insertBets(env(), owner.userId, [{ status: 'lost' }]);
      expect((await profileOf(env(), username, owner.cookie)).body.stats.totalBets).toBe(2);
    });

    it('keeps the own-profile endpoints (analytics, export, settings) to the signed-in owner', async () => {
      for (const [method, path] of [
        ['GET', '/api/profile'],
        ['PATCH', '/api/profile'],
        ['PUT', '/api/profile/settings'],
        ['GET', '/api/profile/analytics'],
        ['GET', '/api/profile/export.csv'],
      ] as const) {
        const res = await env().request(path, { method, body: method === 'GET' ? undefined : {} });
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({ error: 'Not authenticated' });
      }
    });

    // --- the record ---------------------------------------------------------------------------

    it("pages a profile's bets like /api/bets: newest first, same shape, same cursor", async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const username = await usernameOf(env(), userId);
      const specs: BetSpec[] = Array.from({ length: 7 }, (_, i) => ({
        description: `bet ${i}`,
        status: i % 2 ? 'won' : 'pending',
      }));
      await insertBets(env(), userId, specs);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await env().request(`/api/profiles/${username}/bets${query}`);
        expect(res.status).toBe(200);
        const page = betPageSchema.parse(await res.json());
        const own = betPageSchema.parse(await (await env().request(`/api/bets${query}`, { cookie })).json());
        expect(page).toEqual(own);
        seen.push(...page.bets.map((b) => b.description));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(specs.map((s) => s.description).reverse());

      const bad = await env().request(`/api/profiles/${username}/bets?cursor=nonsense`);
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({ fields: { cursor: 'Invalid cursor' } });
      expect((await env().request(`/api/profiles/${username}/bets?limit=0`)).status).toBe(422);
    });

    // --- username and display name --------------------------------------------------------------

    it('changes the username; the public URL follows (old 404, new 200)', async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const old = await usernameOf(env(), userId);
      const res = await rename(env(), cookie, { username: '  New.Name_1 ' });
      expect(res.status).toBe(200);
      const body = publicProfileSchema.parse(await res.json());
      expect(body).toMatchObject({ username: 'new.name_1', isOwner: true });
      expect((await profileOf(env(), old)).status).toBe(404);
      expect((await profileOf(env(), 'new.name_1')).status).toBe(200);
      expect((await profileOf(env(), 'NEW.NAME_1')).body.username).toBe('new.name_1');
      // Renaming to itself (any case) is no change, not a conflict.
      expect((await rename(env(), cookie, { username: 'NEW.name_1' })).status).toBe(200);
    });

    it('refuses a username someone else has, in any letter case: 409', async () => {
      const first = await signUpAndSignIn(env());
      const second = await signUpAndSignIn(env());
      expect((await rename(env(), first.cookie, { username: 'taken.name' })).status).toBe(200);
      const res = await rename(env(), second.cookie, { username: 'Taken.Name' });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: USERNAME_TAKEN_MESSAGE, fields: { username: USERNAME_TAKEN_MESSAGE } });
      expect(await usernameOf(env(), second.userId)).not.toBe('taken.name');
    });

    it('refuses reserved and malformed usernames with a 422 naming the field', async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const before = await usernameOf(env(), userId);
      const cases: [unknown, string][] = [
        ['admin', 'That username is reserved'],
        ['Dashboard', 'That username is reserved'],
        [RESERVED_USERNAMES.at(-1)!, 'That username is reserved'],
        ['ab', 'Username must be at least 3 characters'],
        ['a'.repeat(31), 'Username must be at most 30 characters'],
        ['bad name', 'Use only lowercase letters, digits, _ and .'],
        ['émile', 'Use only lowercase letters, digits, _ and .'],
        [42, 'Invalid input: expected string, received number'],
      ];
      for (const [username, message] of cases) {
        const res = await rename(env(), cookie, { username });
        expect(res.status, String(username)).toBe(422);
        expect(await res.json(), String(username)).toEqual({ error: message, fields: { username: message } });
      }
      for (const body of [{}, { nickname: 'x' }]) {
        const res = await rename(env(), cookie, body);
        expect(res.status).toBe(422);
      }
      expect(await usernameOf(env(), userId)).toBe(before);
    });

    it('sets and clears the display name', async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const username = await usernameOf(env(), userId);
      const set = await rename(env(), cookie, { displayName: '  Pat <the> "Punter" ' });
      expect(set.status).toBe(200);
      expect(((await set.json()) as PublicProfile).displayName).toBe('Pat <the> "Punter"');
      expect((await profileOf(env(), username)).body.displayName).toBe('Pat <the> "Punter"');
      expect((await rename(env(), cookie, { displayName: 'x'.repeat(61) })).status).toBe(422);
      const cleared = await rename(env(), cookie, { displayName: '' });
      expect(((await cleared.json()) as PublicProfile).displayName).toBeNull();
    });

    // --- settings ---------------------------------------------------------------------------------

    it('saves visibility and social links, returns them, and shows them after a reload', async () => {
      const { userId, cookie } = await signUpAndSignIn(env());
      const username = await usernameOf(env(), userId);
      const social = {
        twitter: 'https://x.com/me',
        instagram: 'pat.punter',
        youtube: ' https://youtube.com/@pat ',
        website: 'http://pat.example.com/tips',
      };
      const res = await setPublic(env(), cookie, true, social);
      expect(res.status).toBe(200);
      const saved = { ...social, youtube: 'https://youtube.com/@pat' };
      expect(await res.json()).toMatchObject({ profilePublic: true, social: saved, isOwner: true });
      const reload = await env().request('/api/profile', { cookie });
      expect(await reload.json()).toMatchObject({ profilePublic: true, social: saved });
      expect((await profileOf(env(), username)).body.social).toEqual(saved);

      const cleared = await setPublic(env(), cookie, true, { ...saved, twitter: '', website: '' });
      expect(((await cleared.json()) as PublicProfile).social).toEqual({ ...saved, twitter: '', website: '' });
    });

    it('validates social links: handles without @ or https URLs; a website must be http(s)', async () => {
      const { cookie } = await signUpAndSignIn(env());
      const put = (body: unknown) => env().request('/api/profile/settings', { method: 'PUT', cookie, body });
      const cases: [Partial<ProfileSettings['social']>, string][] = [
        [{ twitter: '@handle' }, 'social.twitter'],
        [{ instagram: 'http://instagram.com/me' }, 'social.instagram'],
        [{ youtube: 'javascript:alert(1)' }, 'social.youtube'],
        [{ website: 'javascript:alert(1)' }, 'social.website'],
        [{ website: 'pat.example.com' }, 'social.website'],
        [{ website: 'x'.repeat(201) }, 'social.website'],
      ];
      for (const [links, field] of cases) {
        const res = await put({ profilePublic: true, social: { ...EMPTY_SOCIAL_LINKS, ...links } });
        expect(res.status, JSON.stringify(links)).toBe(422);
        expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty([field]);
      }
      expect((await put({ profilePublic: 'no', social: EMPTY_SOCIAL_LINKS })).status).toBe(422);
      expect((await put({ profilePublic: true })).status).toBe(422);
      expect((await put({ profilePublic: true, social: { ...EMPTY_SOCIAL_LINKS, tiktok: 'me' } })).status).toBe(422);
      // Nothing was saved by the refusals.
      const own = (await (await env().request('/api/profile', { cookie })).json()) as PublicProfile;
      expect(own.social).toEqual(EMPTY_SOCIAL_LINKS);
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

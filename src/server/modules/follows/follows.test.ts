/**
 * Following and the feed through the API on both drivers: follow and unfollow (idempotent, never
 * oneself, never a private profile), real follower counts, and the feed's order, paging, filters
 * and visibility (a private profile's picks are never in it; a non-follower sees nothing).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { insertBets, usernameOf } from '../profiles/test-helpers.ts';
import type { FeedPage, FeedPick, FollowState } from '../../../shared/follow-schemas.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

async function person(env: TestEnv) {
  const signed = await signUpAndSignIn(env);
  return { ...signed, username: await usernameOf(env, signed.userId) };
}

const setPublic = (env: TestEnv, userId: string, isPublic: boolean) =>
  env.db.execute(
    sql`update user_settings set privacy_settings = ${JSON.stringify({ profile_public: isPublic })}::jsonb
        where user_id = ${userId}`,
  );

const followsCount = async (env: TestEnv, followerId: string) => {
  const result = await env.db.execute(sql`select count(*)::int as n from follows where follower_id = ${followerId}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
};

async function feed(env: TestEnv, cookie: string, query = ''): Promise<FeedPage> {
  const res = await env.request(`/api/feed${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FeedPage;
}

describeEachDatabase('follows', (env) => {
  it('the database refuses following oneself and a second follow of the same pair', async () => {
    const a = await person(env());
    const b = await person(env());
    expect(
      await refusingConstraint(
        env(),
        sql`insert into follows (follower_id, followee_id) values (${a.userId}, ${a.userId})`,
        '23514',
        ['follows_not_self'],
      ),
    ).toBe('follows_not_self');
    await env().db.execute(sql`insert into follows (follower_id, followee_id) values (${a.userId}, ${b.userId})`);
    expect(
      await refusingConstraint(
        env(),
        sql`insert into follows (follower_id, followee_id) values (${a.userId}, ${b.userId})`,
        '23505',
        ['follows_pkey'],
      ),
    ).toBe('follows_pkey');
    expect(await followsCount(env(), a.userId)).toBe(1);
  });

  it('follows and unfollows idempotently, with real counts on the profile', async () => {
    const fan = await person(env());
    const other = await person(env());
    const tipster = await person(env());
    const path = `/api/profiles/${tipster.username}/follow`;

    for (let i = 0; i < 2; i++) {
      const res = await env().request(path, { method: 'POST', cookie: fan.cookie });
      expect(res.status).toBe(200);
      expect((await res.json()) as FollowState).toEqual({ following: true, followers: 1 });
    }
    expect(await (await env().request(path, { method: 'POST', cookie: other.cookie })).json()).toEqual({
      following: true,
      followers: 2,
    });

    const profileAs = async (cookie?: string) =>
      (await (await env().request(`/api/profiles/${tipster.username}`, { cookie })).json()) as PublicProfile;
    expect(await profileAs(fan.cookie)).toMatchObject({ followers: 2, following: true });
    expect(await (await env().request(path, { cookie: fan.cookie })).json()).toEqual({ following: true, followers: 2 });
    expect((await env().request(path)).status).toBe(401);
    expect(await profileAs()).toMatchObject({ followers: 2, following: false });
    expect(await profileAs(tipster.cookie)).toMatchObject({ followers: 2, following: false, isOwner: true });

    for (let i = 0; i < 2; i++) {
      const res = await env().request(path, { method: 'DELETE', cookie: fan.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ following: false, followers: 1 });
    }
    expect(await profileAs(fan.cookie)).toMatchObject({ followers: 1, following: false });
  });

  it('refuses oneself, a private profile, a missing one and a visitor, changing no row', async () => {
    const fan = await person(env());
    const hidden = await person(env());
    await setPublic(env(), hidden.userId, false);

    const self = await env().request(`/api/profiles/${fan.username}/follow`, { method: 'POST', cookie: fan.cookie });
    expect(self.status).toBe(422);
    expect(await self.json()).toEqual({ error: 'You cannot follow yourself' });

    const priv = await env().request(`/api/profiles/${hidden.username}/follow`, { method: 'POST', cookie: fan.cookie });
    // A private profile answers exactly as a missing one: the API never tells that the name is taken.
    expect(priv.status).toBe(404);
    expect(await priv.json()).toEqual({ error: 'Profile not found' });

    const missing = await env().request('/api/profiles/nobody_here/follow', { method: 'POST', cookie: fan.cookie });
    expect(missing.status).toBe(404);

    const visitor = await env().request(`/api/profiles/${hidden.username}/follow`, { method: 'POST' });
    expect(visitor.status).toBe(401);
    expect((await env().request('/api/feed')).status).toBe(401);

    expect(await followsCount(env(), fan.userId)).toBe(0);
  });

  it('the feed: pending picks by start, then settled newest first; private profiles and non-followers see none', async () => {
    const fan = await person(env());
    const stranger = await person(env());
    const tipster = await person(env());
    const secretive = await person(env());
    const base = Date.now() - 10 * 24 * HOUR_MS;
    // Event starts are createdAt + 7 h (test-helpers); lead 7 h each.
    await insertBets(env(), tipster.userId, [
      { description: 'later pending', createdAt: new Date(base + 3 * HOUR_MS), sport: 'tennis' },
      { description: 'sooner pending', createdAt: new Date(base + 1 * HOUR_MS) },
      { description: 'old win', status: 'won', createdAt: new Date(base), settledAt: new Date(base + 8 * HOUR_MS) },
      { description: 'new loss', status: 'lost', createdAt: new Date(base), settledAt: new Date(base + 9 * HOUR_MS) },
    ]);
    await insertBets(env(), secretive.userId, [{ description: 'secret pick', createdAt: new Date(base) }]);
    for (const who of [tipster, secretive]) {
      const res = await env().request(`/api/profiles/${who.username}/follow`, { method: 'POST', cookie: fan.cookie });
      expect(res.status).toBe(200);
    }
    // Followed while public; private now: gone from the feed at once.
    await setPublic(env(), secretive.userId, false);

    const page = await feed(env(), fan.cookie);
    expect(page.picks.map((p) => p.description)).toEqual(['sooner pending', 'later pending', 'new loss', 'old win']);
    expect(page.following).toEqual([{ username: tipster.username, displayName: null }]);
    expect(page.nextCursor).toBeNull();
    const first = page.picks[0]!;
    expect(first).toMatchObject({
      username: tipster.username,
      sport: 'soccer',
      status: 'pending',
      odds: '2',
      amount: '10.00',
      graded: false,
      eventId: null,
      leadSeconds: 7 * 60 * 60,
      recordedAt: new Date(base + HOUR_MS).toISOString(),
      eventDate: new Date(base + 8 * HOUR_MS).toISOString(),
    });
    expect(page.picks.some((p: FeedPick) => p.username === secretive.username)).toBe(false);
    expect(page.picks[2]).toMatchObject({ status: 'lost', profitLoss: '-10.00' });

    expect((await feed(env(), stranger.cookie)).picks).toEqual([]);

    // Filters.
    expect((await feed(env(), fan.cookie, '?sport=tennis')).picks.map((p) => p.description)).toEqual(['later pending']);
    expect((await feed(env(), fan.cookie, `?bettor=${secretive.username}`)).picks).toEqual([]);
    expect((await feed(env(), fan.cookie, `?bettor=${tipster.username.toUpperCase()}`)).picks).toHaveLength(4);
    expect((await env().request('/api/feed?sport=darts', { cookie: fan.cookie })).status).toBe(422);
    expect((await env().request('/api/feed?cursor=nonsense', { cookie: fan.cookie })).status).toBe(422);

    // Paged a pick at a time, across the pending and settled parts: the same list, once each.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: FeedPage = await feed(env(), fan.cookie, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...next.picks.map((p) => p.description));
      cursor = next.nextCursor;
      expect(seen.length).toBeLessThanOrEqual(4);
    }
    expect(seen).toEqual(['sooner pending', 'later pending', 'new loss', 'old win']);

    // The tipster goes private: nothing of theirs is shown, the follow stays.
    await setPublic(env(), tipster.userId, false);
    expect(await feed(env(), fan.cookie)).toEqual({ picks: [], following: [], nextCursor: null });
    await setPublic(env(), tipster.userId, true);
    expect((await feed(env(), fan.cookie)).picks).toHaveLength(4);
  });

  it('a page of a list asks for every row’s follow state at once: only public profiles followed, never cached', async () => {
    const reader = await person(env());
    const [a, b, c, hidden] = [await person(env()), await person(env()), await person(env()), await person(env())];
    for (const p of [a, b, c, hidden]) await setPublic(env(), p.userId, true);
    for (const p of [a, c, hidden])
      await env().db.execute(
        sql`insert into follows (follower_id, followee_id) values (${reader.userId}, ${p.userId})`,
      );
    await setPublic(env(), hidden.userId, false);

    const ask = (usernames: string, cookie?: string) =>
      env().request(`/api/follows/state?usernames=${encodeURIComponent(usernames)}`, cookie ? { cookie } : {});
    const res = await ask(
      ` ${b.username},${c.username.toUpperCase()},${a.username},${hidden.username},nobody_here,${a.username}`,
      reader.cookie,
    );
    expect(res.status).toBe(200);
    // The reader's own answer: no shared cache may keep it.
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ following: [a.username, c.username].sort() });

    // Someone else asking about the same names follows none of them.
    expect(await (await ask(`${a.username},${c.username}`, b.cookie)).json()).toEqual({ following: [] });
    // Signed out, nothing; no names, or more than a page of them, refused with a message.
    expect((await ask(a.username)).status).toBe(401);
    const empty = await ask(' , ', reader.cookie);
    expect(empty.status).toBe(422);
    expect(JSON.stringify(await empty.json())).toContain('Usernames are required');
    const tooMany = await ask(Array.from({ length: 51 }, (_, i) => `name_${i}`).join(','), reader.cookie);
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(await tooMany.json())).toContain('At most 50 usernames');
  });
});

describeEachDatabase(
  'following counts against the write quota',
  (env) => {
    it('the third follow or unfollow in a minute is refused and changes nothing', async () => {
      const fan = await person(env());
      const a = await person(env());
      const b = await person(env());
      const follow = (who: { username: string }, method: 'POST' | 'DELETE') =>
        env().request(`/api/profiles/${who.username}/follow`, { method, cookie: fan.cookie });
      expect((await follow(a, 'POST')).status).toBe(200);
      expect((await follow(a, 'DELETE')).status).toBe(200);
      const refused = await follow(b, 'POST');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^You're following bettors too fast\./);
      expect(await followsCount(env(), fan.userId)).toBe(0);
    });
  },
  { WRITE_QUOTA_PER_MINUTE: '2' },
);

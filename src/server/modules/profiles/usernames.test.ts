/**
 * Usernames: the database's own rules, proved in direct SQL (case-insensitively
 * unique, never reserved, a chosen or a neutral shape), the handler translating a refusal of the
 * database's reserved list, and GET /api/profile/username-availability, which the dashboard's
 * username picker asks as the owner types.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { USERNAME_TAKEN_MESSAGE } from '../../../shared/profiles.ts';
import { RESERVED_USERNAMES, USERNAME_RESERVED_MESSAGE } from '../../../shared/usernames.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';

const usernameOf = async (env: TestEnv, userId: string) =>
  (await env.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, userId)))[0]!.username;

const setUsername = (userId: string, username: string) =>
  sql`update profiles set username = ${username} where user_id = ${userId}`;

const availability = (env: TestEnv, cookie: string | undefined, username: string) =>
  env.request(`/api/profile/username-availability?username=${encodeURIComponent(username)}`, { cookie });

describeEachDatabase('usernames', (env) => {
  it('the database refuses a reserved name however it is written, and keeps the row as it was', async () => {
    const { userId } = await signUpAndSignIn(env());
    const before = await usernameOf(env(), userId);
    for (const name of ['admin', 'dashboard', 'favicon.svg', 'robots.txt', 'api', RESERVED_USERNAMES.at(-1)!]) {
      expect(
        await refusingConstraint(env(), setUsername(userId, name), '23514', ['profiles_username_not_reserved']),
      ).toBe('profiles_username_not_reserved');
    }
    const insert = sql`insert into profiles (user_id, username) values (${userId}, 'support')`;
    expect(await refusingConstraint(env(), insert, '23514', ['profiles_username_not_reserved'])).toBe(
      'profiles_username_not_reserved',
    );
    expect(await usernameOf(env(), userId)).toBe(before);
  });

  it('the database keeps usernames lowercase and unique, so no two differ only in letter case', async () => {
    const first = await signUpAndSignIn(env());
    const second = await signUpAndSignIn(env());
    await env().db.execute(setUsername(first.userId, 'case.test'));
    const before = await usernameOf(env(), second.userId);
    expect(
      await refusingConstraint(env(), setUsername(second.userId, 'case.test'), '23505', ['profiles_username_unique']),
    ).toBe('profiles_username_unique');
    for (const name of ['Case.Test', 'CASE.TEST']) {
      expect(
        await refusingConstraint(env(), setUsername(second.userId, name), '23514', ['profiles_username_format']),
      ).toBe('profiles_username_format');
    }
    expect(await usernameOf(env(), second.userId)).toBe(before);
  });

  it('the database takes only names of the one rule, and no one changes to the neutral form', async () => {
    const { userId } = await signUpAndSignIn(env());
    for (const name of ['bettor-7k2q9f', 'bettor_7K2Q9F', 'better-7k2q9f', 'has-dash', 'ab']) {
      expect(await refusingConstraint(env(), setUsername(userId, name), '23514', ['profiles_username_format'])).toBe(
        'profiles_username_format',
      );
    }
    expect(
      await refusingConstraint(env(), setUsername(userId, 'bettor_zz00aa'), '23514', [
        'profiles_username_not_reserved',
      ]),
    ).toBe('profiles_username_not_reserved');
    await env().db.execute(setUsername(userId, 'bettor_zz00a'));
    expect(await usernameOf(env(), userId)).toBe('bettor_zz00a');
  });

  it("saving a name the database's list reserves is a 422 with the schema's message, and changes nothing", async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    // A name reserved in the database only: the handler's schema lets it through, the trigger does not.
    await env().db.execute(sql`insert into reserved_usernames (name) values ('db_only_reserved')`);
    try {
      const before = await snapshotTables(env());
      const res = await env().request('/api/profile', {
        method: 'PATCH',
        cookie,
        body: { username: 'DB_Only_Reserved', displayName: 'Kept Out' },
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        error: USERNAME_RESERVED_MESSAGE,
        fields: { username: USERNAME_RESERVED_MESSAGE },
      });
      expect(await snapshotTables(env())).toEqual(before);
      expect(await usernameOf(env(), userId)).toMatch(/^bettor_[0-9a-z]{6}$/);
    } finally {
      await env().db.execute(sql`delete from reserved_usernames where name = 'db_only_reserved'`);
    }
  });

  it('answers whether a name is free for the signed-in user, as it would be saved', async () => {
    const owner = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    await env().db.execute(setUsername(other.userId, 'avail.taken'));
    await env().db.execute(setUsername(owner.userId, 'avail.mine'));
    const cases: [string, { username: string; available: boolean }][] = [
      ['avail.free', { username: 'avail.free', available: true }],
      ['  Avail.Free ', { username: 'avail.free', available: true }],
      ['avail.taken', { username: 'avail.taken', available: false }],
      ['AVAIL.TAKEN', { username: 'avail.taken', available: false }],
      // One's own name is no conflict: saving it again is allowed.
      ['Avail.Mine', { username: 'avail.mine', available: true }],
    ];
    const before = await snapshotTables(env());
    for (const [asked, answer] of cases) {
      const res = await availability(env(), owner.cookie, asked);
      expect(res.status, asked).toBe(200);
      expect(await res.json(), asked).toEqual(answer);
    }
    // Only reads.
    expect(await snapshotTables(env())).toEqual(before);
    // What it says is what saving does.
    const taken = await env().request('/api/profile', {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { username: 'avail.taken' },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: USERNAME_TAKEN_MESSAGE, fields: { username: USERNAME_TAKEN_MESSAGE } });
  });

  it('answers an invalid or reserved name with the messages saving it would give (422), and a visitor 401', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const cases: [string, string][] = [
      ['admin', USERNAME_RESERVED_MESSAGE],
      ['Favicon.svg', USERNAME_RESERVED_MESSAGE],
      ['ab', 'Username must be at least 3 characters'],
      ['a'.repeat(31), 'Username must be at most 30 characters'],
      ['bettor-7k2q9f', 'Use only lowercase letters, digits, _ and .'],
      ['bettor_7k2q9f', USERNAME_RESERVED_MESSAGE],
      ['has space', 'Use only lowercase letters, digits, _ and .'],
    ];
    for (const [asked, message] of cases) {
      const res = await availability(env(), cookie, asked);
      expect(res.status, asked).toBe(422);
      expect(await res.json(), asked).toEqual({ error: message, fields: { username: message } });
    }
    const missing = await env().request('/api/profile/username-availability', { cookie });
    expect(missing.status).toBe(422);
    const visitor = await availability(env(), undefined, 'avail.visitor');
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: 'Not authenticated' });
  });
});

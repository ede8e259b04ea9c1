/**
 * Names that cannot mislead (docs/SECURITY.md, "Names"): a username given up stays its owner's for
 * 30 days (the redirect keeps leading to them, nobody else can take it: the API and the database);
 * a display name refuses direction-changing and invisible characters and look-alike badges (the
 * API, sign-up and the database); the build's compressed copies of served files are reserved.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { snapshotTables } from '../../test/db-snapshot.ts';
import {
  describeEachDatabase,
  refusingConstraint,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { displayNameMessages } from '../../../shared/display-name.ts';
import { USERNAME_TAKEN_MESSAGE } from '../../../shared/profiles.ts';
import { USERNAME_RESERVED_MESSAGE } from '../../../shared/usernames.ts';

const rename = (env: TestEnv, cookie: string, body: Record<string, string>) =>
  env.request('/api/profile', { method: 'PATCH', cookie, body });
const availability = async (env: TestEnv, cookie: string, username: string) =>
  (await (await env.request(`/api/profile/username-availability?username=${username}`, { cookie })).json()) as {
    available: boolean;
  };

describeEachDatabase('names that cannot mislead', (env) => {
  it('a username given up stays its owner’s for 30 days: nobody else can take it, its owner can take it back', async () => {
    const owner = await signUpAndSignIn(env());
    const taker = await signUpAndSignIn(env());
    const name = `old_${Date.now().toString(36)}`;
    expect((await rename(env(), owner.cookie, { username: name })).status).toBe(200);
    expect((await rename(env(), owner.cookie, { username: `${name}_new` })).status).toBe(200);

    expect(await availability(env(), taker.cookie, name)).toMatchObject({ available: false });
    const before = await snapshotTables(env());
    const taken = await rename(env(), taker.cookie, { username: name });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: USERNAME_TAKEN_MESSAGE, fields: { username: USERNAME_TAKEN_MESSAGE } });
    expect(await snapshotTables(env())).toEqual(before);
    // In direct SQL too.
    expect(
      await refusingConstraint(
        env(),
        sql`update profiles set username = ${name} where user_id = ${taker.userId}`,
        '23505',
        ['profiles_username_recently_released'],
      ),
    ).toBe('profiles_username_recently_released');

    // Its owner may take it back.
    expect(await availability(env(), owner.cookie, name)).toMatchObject({ available: true });
    expect((await rename(env(), owner.cookie, { username: name })).status).toBe(200);
    expect((await rename(env(), owner.cookie, { username: `${name}_x` })).status).toBe(200);

    // 30 days later it is free.
    await env().db.execute(
      sql`update username_history set renamed_at = now() - interval '30 days 1 second' where old_username = ${name}`,
    );
    expect(await availability(env(), taker.cookie, name)).toMatchObject({ available: true });
    expect((await rename(env(), taker.cookie, { username: name })).status).toBe(200);
  });

  it('a display name refuses direction-changing and invisible characters and look-alike badges, changing nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const messages = displayNameMessages('Display name');
    const before = await snapshotTables(env());
    for (const [displayName, error] of [
      ['Tips\u202Eyalp', messages.hidden],
      ['Ti\u200Bps', messages.hidden],
      ['Tips\u2066x\u2069', messages.hidden],
      ['Ti\uFEFFps', messages.hidden],
      ['✔️ Verified', messages.badge],
      ['Sharp ✓', messages.badge],
      ['Tips ✅', messages.badge],
      ['verified tipster', messages.badge],
    ] as const) {
      const res = await rename(env(), cookie, { displayName });
      expect(res.status, displayName).toBe(422);
      expect(await res.json(), displayName).toEqual({ error, fields: { displayName: error } });
    }
    expect(await snapshotTables(env())).toEqual(before);
    // Accents, emoji, other scripts and words are fine.
    for (const displayName of ['Zoë Ångström', 'Sharp 🎯 Tips', 'محمد', 'Unverifiable Ian'])
      expect((await rename(env(), cookie, { displayName })).status, displayName).toBe(200);
    // The database refuses them whatever writes them.
    for (const name of ['a\u202Eb', 'a\u200Db', '✔ Official', 'Verified'])
      expect(
        await refusingConstraint(
          env(),
          sql`update profiles set display_name = ${name} where user_id = ${userId}`,
          '23514',
          ['profiles_display_name_plain'],
        ),
        name,
      ).toBe('profiles_display_name_plain');
    // Sign-up's full name (which becomes the display name) follows the same rule.
    const refused = await signUp(env(), { email: uniqueEmail(), name: '\u202Egnitset' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: displayNameMessages('Full name').hidden });
  });

  it("reserves the build's compressed copies of served files", async () => {
    const { cookie } = await signUpAndSignIn(env());
    for (const username of ['favicon.svg.br', 'robots.txt.gz', 'index.html.br']) {
      const res = await rename(env(), cookie, { username });
      expect(res.status, username).toBe(422);
      expect(await res.json()).toEqual({
        error: USERNAME_RESERVED_MESSAGE,
        fields: { username: USERNAME_RESERVED_MESSAGE },
      });
    }
  });
});

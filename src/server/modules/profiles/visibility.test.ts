/**
 * The one visibility rule (visibility.ts) over every case × every viewer: the API's answer for
 * each endpoint that shows a record, the SQL fragment and the TypeScript predicate agreeing, and
 * the community pages and link previews following the same rule.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { rowsOf } from '../../test/db-snapshot.ts';
import { insertBets, times } from '../community/helpers.test-support.ts';
import { recordIsPublic, recordIsPublicSql, settingIsPublicSql } from './visibility.ts';

const ADMIN_EMAIL = 'visibility.admin@example.com';

type Case = 'public' | 'private' | 'missing key' | 'not JSON true' | 'missing settings' | 'unconfirmed email';
const CASES: Case[] = ['public', 'private', 'missing key', 'not JSON true', 'missing settings', 'unconfirmed email'];

/** Puts the owner's account in the case, in direct SQL. */
async function arrange(env: TestEnv, userId: string, c: Case) {
  const settings = (json: string) =>
    env.db.execute(sql`update user_settings set privacy_settings = ${json}::jsonb where user_id = ${userId}`);
  if (c === 'public') await settings('{"profile_public": true}');
  if (c === 'private') await settings('{"profile_public": false}');
  if (c === 'missing key') await settings('{}');
  if (c === 'not JSON true') await settings('{"profile_public": "true"}');
  if (c === 'missing settings') await env.db.execute(sql`delete from user_settings where user_id = ${userId}`);
  if (c === 'unconfirmed email') {
    await settings('{"profile_public": true}');
    await env.db.execute(sql`update users set email_verified = false where id = ${userId}`);
  }
}

describeEachDatabase(
  'one visibility rule',
  (env) => {
    it('decides every endpoint of a record for the owner, an admin, another user and a visitor', async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const other = await signUpAndSignIn(env());
      for (const c of CASES) {
        const owner = await signUpAndSignIn(env());
        const username = (
          (await (await env().request('/api/profile', { cookie: owner.cookie })).json()) as {
            username: string;
          }
        ).username;
        await insertBets(env(), owner.userId, times(10, { status: 'won' }));
        await arrange(env(), owner.userId, c);
        const visible = c === 'public';

        const viewers: [string, string | undefined, number][] = [
          ['owner', owner.cookie, 200],
          ['admin', admin.cookie, 200],
          ['another user', other.cookie, visible ? 200 : 404],
          ['visitor', undefined, visible ? 200 : 404],
        ];
        for (const path of ['', '/bets', '/ledger', '/ledger.ndjson']) {
          for (const [who, cookie, status] of viewers) {
            const res = await env().request(`/api/profiles/${username}${path}`, { cookie });
            expect(res.status, `${c}, ${who}, ${path || 'profile'}`).toBe(status);
            // Exactly what a name nobody has answers.
            if (status === 404) expect(await res.json()).toEqual({ error: 'Profile not found' });
          }
        }

        // The SQL fragment and the TypeScript predicate agree.
        const [row] = rowsOf<{ setting: boolean; sqlRule: boolean; verified: boolean }>(
          await env().db.execute(sql`
            select ${settingIsPublicSql('st')} as setting, ${recordIsPublicSql('st', 'u')} as "sqlRule",
                   u.email_verified as verified
            from users u left join user_settings st on st.user_id = u.id where u.id = ${owner.userId}`),
        );
        expect(row!.sqlRule, c).toBe(visible);
        expect(recordIsPublic({ profilePublic: row!.setting, emailVerified: row!.verified }), c).toBe(visible);

        // Link previews and the Influencers directory follow the same rule.
        const influencers = (await (await env().request(`/api/community/influencers?search=${username}`)).json()) as {
          entries: { username: string }[];
        };
        expect(
          influencers.entries.some((e) => e.username === username),
          `${c}: influencers`,
        ).toBe(visible);
      }
      // A name nobody has is 404 to everyone.
      for (const cookie of [admin.cookie, other.cookie, undefined]) {
        expect((await env().request('/api/profiles/nobody_has_this/ledger', { cookie })).status).toBe(404);
      }
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

/**
 * The wellbeing tools are the bettor's alone (docs/decisions/034): another account, a visitor of
 * the public profile (a follower reads the same answers), and an admin's listings see nothing of a
 * budget, a cool-off or a loss-chasing count. Admins see nothing of it: no admin endpoint reads
 * user_wellbeing, as they need none of it to run the site.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import type { Wellbeing } from '../../../shared/wellbeing-schemas.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const ADMIN_EMAIL = 'privacy.admin@example.com';

/** Words any answer carrying the tools' data would hold. */
const PRIVATE_MARKS = [
  'wellbeing',
  'stakeLimit',
  'lossLimit',
  'coolOff',
  'cool_off',
  'lossChase',
  'loss_chase',
  '987.65',
];

describeEachDatabase(
  'wellbeing stays private',
  (env) => {
    it('reaches no other account, no public profile, no admin listing', async () => {
      const a = await signUpAndSignIn(env());
      const b = await signUpAndSignIn(env());
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const put = await env().request('/api/me/wellbeing', {
        method: 'PUT',
        cookie: a.cookie,
        body: { budget: { period: 'week', stakeLimit: '987.65' }, monthlyStatement: true },
      });
      expect(put.status).toBe(200);
      const bet = await env().request('/api/bets', {
        cookie: a.cookie,
        body: {
          description: 'A private bettor',
          amount: '5',
          odds: '2.00',
          sport: 'soccer',
          eventDate: new Date(env().clock.now().getTime() + 7 * HOUR_MS).toISOString(),
        },
      });
      expect(bet.status).toBe(201);
      expect((await env().request('/api/me/cool-off', { cookie: a.cookie, body: { days: 7 } })).status).toBe(200);

      // Another account's /api/me is its own; no address names A.
      const theirs = (await (await env().request('/api/me/wellbeing', { cookie: b.cookie })).json()) as Wellbeing;
      expect(theirs).toEqual({
        budget: null,
        standing: null,
        coolOff: null,
        realityCheckMinutes: null,
        monthlyStatement: false,
      });
      expect((await env().request(`/api/me/wellbeing/${a.userId}`, { cookie: b.cookie })).status).toBe(404);
      expect((await env().request(`/api/me/wellbeing?userId=${a.userId}`, { cookie: b.cookie })).status).toBe(200);
      expect(
        (
          (await (
            await env().request(`/api/me/wellbeing?userId=${a.userId}`, { cookie: b.cookie })
          ).json()) as Wellbeing
        ).budget,
      ).toBeNull();
      // B still records: A's cool-off is A's.
      const bBet = await env().request('/api/bets', {
        cookie: b.cookie,
        body: {
          description: 'Not on a break',
          amount: '5',
          odds: '2.00',
          sport: 'soccer',
          eventDate: new Date(env().clock.now().getTime() + 7 * HOUR_MS).toISOString(),
        },
      });
      expect(bBet.status).toBe(201);
      expect('budget' in ((await bBet.json()) as object)).toBe(false);

      // The public profile and its bets, as a visitor, a follower or B reads them.
      const username = (
        (await (await env().request('/api/profile', { cookie: a.cookie })).json()) as { username: string }
      ).username;
      const publicAnswers = [
        await env().request(`/api/profiles/${username}`),
        await env().request(`/api/profiles/${username}/bets`),
        await env().request(`/api/profiles/${username}`, { cookie: b.cookie }),
        await env().request(`/api/profiles/${username}/bets`, { cookie: b.cookie }),
      ];
      for (const res of publicAnswers) {
        expect(res.status).toBe(200);
        const text = await res.text();
        for (const mark of PRIVATE_MARKS) expect(text, `${res.url} ${mark}`).not.toContain(mark);
      }

      // An admin's listings and analytics, and the admin's own /api/me (their own, empty).
      for (const path of ['/api/admin/users?search=', '/api/admin/stats', '/api/admin/analytics']) {
        const res = await env().request(path, { cookie: admin.cookie });
        expect(res.status, path).toBe(200);
        const text = await res.text();
        for (const mark of PRIVATE_MARKS) expect(text, `${path} ${mark}`).not.toContain(mark);
      }
      const adminOwn = (await (await env().request('/api/me/wellbeing', { cookie: admin.cookie })).json()) as Wellbeing;
      expect([adminOwn.budget, adminOwn.coolOff]).toEqual([null, null]);

      // A's own answer has it all.
      const own = (await (await env().request('/api/me/wellbeing', { cookie: a.cookie })).json()) as Wellbeing;
      expect(own.budget?.stakeLimit).toBe('987.65');
      expect(own.coolOff).not.toBeNull();
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

/** GET /api/admin/events: the admin's Events tab lists every event, any status, with its score. */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import type { AdminEventPage } from '../../../shared/event-schemas.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

describeEachDatabase(
  'the admin events list',
  (env) => {
    it('lists every event latest start first, filtered by name and status, to admins only', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: 'events.list.admin@example.com' });
      const bettor = await signUpAndSignIn(env());
      const t = (h: number) => new Date(env().clock.now().getTime() + h * HOUR_MS).toISOString();
      await env().db.execute(
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at, status, home_score, away_score)
          values ('sample', 'list-1', 'soccer', 'Sample Cup', 'Alpha FC', 'Beta FC', ${t(-48)}, 'final', 2, 1),
                 ('sample', 'list-2', 'soccer', 'Sample Cup', 'Gamma FC', 'Delta FC', ${t(30)}, 'scheduled', null, null),
                 ('sample', 'list-3', 'basketball', 'Sample League', 'Aces', 'Bears', ${t(50)}, 'postponed', null, null)`,
      );
      const list = async (cookie: string | undefined, query = '') => {
        const res = await env().request(`/api/admin/events${query}`, cookie ? { cookie } : {});
        return { status: res.status, body: res.status === 200 ? ((await res.json()) as AdminEventPage) : null };
      };
      expect((await list(undefined)).status).toBe(401);
      expect((await list(bettor.cookie)).status).toBe(403);

      const all = (await list(admin.cookie)).body!;
      expect(all.total).toBe(3);
      expect(all.events.map((e) => [e.home, e.status, e.score])).toEqual([
        ['Aces', 'postponed', null],
        ['Gamma FC', 'scheduled', null],
        ['Alpha FC', 'final', { home: 2, away: 1 }],
      ]);
      const finals = (await list(admin.cookie, '?status=final')).body!;
      expect(finals.events.map((e) => e.home)).toEqual(['Alpha FC']);
      const cup = (await list(admin.cookie, '?q=sample%20cup&limit=1&offset=1')).body!;
      expect({ total: cup.total, homes: cup.events.map((e) => e.home) }).toEqual({ total: 2, homes: ['Alpha FC'] });
      expect((await list(admin.cookie, '?status=over')).status).toBe(422);
    });
  },
  { ADMIN_EMAILS: 'events.list.admin@example.com' },
);

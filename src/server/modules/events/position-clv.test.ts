/**
 * Closing-line value counts per position, not per bet: one pick entered twice is one pick with a
 * close. On football-data.co.uk's real published file (as market.test.ts): Man United at home,
 * Pinnacle's close 1.65 / 4.23 / 5.28, so the fair close is 1.65 × (1/1.65 + 1/4.23 + 1/5.28) =
 * 1.702571.
 *
 * Worked by hand: $10 at 1.60 and $30 at 1.80 are one position at (10 × 1.60 + 30 × 1.80) / 40 =
 * 1.75, whose CLV is 1.75 / 1.702571 - 1 = 0.027857 (+2.8%), and it beat the close. Averaged per bet
 * the same record read (-0.060245 + 0.057225) / 2 = -0.001510 with half the picks beating the close.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import type { EventPage } from '../../../shared/event-schemas.ts';
import type { Analytics, PublicProfile } from '../../../shared/profile-schemas.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { AFTER, BEFORE, importFootballData, json, setClock } from './football-data-match.test-support.ts';

const ADMIN_EMAIL = 'position.clv.admin@example.com';

describeEachDatabase(
  'closing-line value per position',
  (env) => {
    it('weights a position’s odds by stake against the fair close, and counts it once', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const bettor = await signUpAndSignIn(env());
      env().clock.freeze();
      setClock(env(), '2024-08-10T12:00:00.000Z');
      const importFile = (text: string) => importFootballData(env(), admin.cookie, text);
      await json(await importFile(BEFORE));
      const [event] = (await json<EventPage>(await env().request('/api/events?q=fulham&limit=1'))).events;
      const take = (odds: string, amount: string) =>
        env().request('/api/bets', {
          cookie: bettor.cookie,
          body: { eventId: event!.id, market: '1x2', selection: 'home', odds, amount },
        });
      const low = await json<Bet>(await take('1.60', '10'), 201);
      const high = await json<Bet>(await take('1.80', '30'), 201);

      setClock(env(), '2024-08-17T09:00:00.000Z');
      await json(await importFile(AFTER));

      // Each bet keeps its own CLV (the profile's row shows it) ...
      const perBet = await queryRows<{ betId: string; clv: string }>(
        env().db,
        sql`select bet_id as "betId", clv::text as clv from bet_prices where user_id = ${bettor.userId} order by clv`,
      );
      expect(perBet).toEqual([
        { betId: low.id, clv: '-0.060245' },
        { betId: high.id, clv: '0.057225' },
      ]);
      // ... but the figures count the position once, at its stake-weighted odds.
      const [figures] = await queryRows<Record<string, string | number>>(
        env().db,
        sql`select closes, beat_close, clv_sum::text from user_market_figures where user_id = ${bettor.userId}`,
      );
      expect(figures).toEqual({ closes: 1, beat_close: 1, clv_sum: '0.027857' });

      const profile = await json<PublicProfile>(
        await env().request(`/api/profiles/${await usernameOf(env(), bettor.userId)}`),
      );
      expect(profile.market).toEqual({ aboveMarket: 0, closes: 1, averageClv: 0.027857, beatCloseShare: 1 });
      expect(
        (await json<Analytics>(await env().request('/api/profile/analytics', { cookie: bettor.cookie }))).market,
      ).toEqual(profile.market);
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

/**
 * Prices that could be had and the closing line (docs/decisions/040), end to end on
 * football-data.co.uk's real published file (tests/fixtures/feeds): the match's pre-match prices
 * are imported, two bettors take Man United at 1.80 and at 1.90, the results file brings the score
 * and the closing prices. The figures are the decision's worked example.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import type { EventPage } from '../../../shared/event-schemas.ts';
import type { Analytics, ProfileBetPage, PublicProfile } from '../../../shared/profile-schemas.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { AFTER, BEFORE, importFootballData, json, setClock } from './football-data-match.test-support.ts';

const ADMIN_EMAIL = 'market.admin@example.com';

describeEachDatabase(
  'prices that could be had and the closing line',
  (env) => {
    it('keeps the best price and the fair close per bet, counts odds above the market at the best price, and sums the CLV', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const honest = await signUpAndSignIn(env());
      const inflated = await signUpAndSignIn(env());
      env().clock.freeze();
      setClock(env(), '2024-08-10T12:00:00.000Z');
      const importFile = (text: string) => importFootballData(env(), admin.cookie, text);
      await json(await importFile(BEFORE));
      const [event] = (await json<EventPage>(await env().request('/api/events?q=fulham&limit=1'))).events;
      const take = (cookie: string, odds: string) =>
        env().request('/api/bets', {
          cookie,
          body: { eventId: event!.id, market: '1x2', selection: 'home', odds, amount: '10' },
        });
      const atMarket = await json<Bet>(await take(honest.cookie, '1.80'), 201);
      const above = await json<Bet>(await take(inflated.cookie, '1.90'), 201);

      const prices = async () =>
        queryRows<{ betId: string; best: string; fair: string | null; above: boolean; clv: string | null }>(
          env().db,
          sql`select bet_id as "betId", best_odds::text as best, fair_close::text as fair, above_market as above,
                     clv::text as clv from bet_prices where bet_id in (${atMarket.id}, ${above.id}) order by clv, best_odds`,
        );
      // Before the match: the best pre-match price is 1.68 (MaxH, 1XBH), and both exceed 1.764.
      expect((await prices()).map((p) => [p.betId, p.best, p.above, p.fair])).toEqual(
        expect.arrayContaining([
          [atMarket.id, '1.680000', true, null],
          [above.id, '1.680000', true, null],
        ]),
      );

      // The results file: 1-0, and the closing prices. Best seen now 1.72 (Betfair Exchange's close):
      // 1.80 is within 5% of it (1.806), 1.90 is not. Pinnacle's close 1.65 / 4.23 / 5.28 → fair 1.702571.
      setClock(env(), '2024-08-17T09:00:00.000Z');
      await json(await importFile(AFTER));
      expect(await prices()).toEqual([
        { betId: atMarket.id, best: '1.720000', fair: '1.702571', above: false, clv: '0.057225' },
        { betId: above.id, best: '1.720000', fair: '1.702571', above: true, clv: '0.115959' },
      ]);

      // The honest bettor's public figures are their record; the inflated one's win counts at 1.72.
      const profile = async (userId: string) =>
        json<PublicProfile>(await env().request(`/api/profiles/${await usernameOf(env(), userId)}`));
      const honestProfile = await profile(honest.userId);
      expect(honestProfile.stats).toMatchObject({ won: 1, totalProfit: '8.00', averageOdds: '1.80' });
      expect(honestProfile.market).toEqual({ aboveMarket: 0, closes: 1, averageClv: 0.057225, beatCloseShare: 1 });
      const inflatedProfile = await profile(inflated.userId);
      expect(inflatedProfile.stats).toMatchObject({ won: 1, totalProfit: '7.20', averageOdds: '1.72' });
      expect(inflatedProfile.market).toEqual({ aboveMarket: 1, closes: 1, averageClv: 0.115959, beatCloseShare: 1 });
      // The owner's own dashboard keeps the record as settled.
      expect(
        await json<{ totalProfit: string }>(await env().request('/api/bets/stats', { cookie: inflated.cookie })),
      ).toMatchObject({ totalProfit: '9.00' });
      expect(
        (await json<Analytics>(await env().request('/api/profile/analytics', { cookie: inflated.cookie }))).market,
      ).toEqual(inflatedProfile.market);

      // The public record names the price: the bet, what it counts at, and its close.
      const page = await json<ProfileBetPage>(
        await env().request(`/api/profiles/${await usernameOf(env(), inflated.userId)}/bets`),
      );
      expect(page.markets).toEqual({
        [above.id]: {
          bestOdds: '1.720000',
          aboveMarket: true,
          countedOdds: '1.720000',
          fairClose: '1.702571',
          clv: 0.115959,
        },
      });

      // user_market_figures is what bet_prices sums to, however it was reached.
      const [figures] = await queryRows<Record<string, string | number>>(
        env().db,
        sql`select above_market, profit_excess::text, odds_excess::text, closes, beat_close, clv_sum::text
            from user_market_figures where user_id = ${inflated.userId}`,
      );
      expect(figures).toEqual({
        above_market: 1,
        profit_excess: '1.80',
        odds_excess: '0.180000',
        closes: 1,
        beat_close: 1,
        clv_sum: '0.115959',
      });
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

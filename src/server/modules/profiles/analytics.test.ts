import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { analyticsSchema, type Analytics, type PublicProfile } from '../../../shared/profile-schemas.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import type { EventPage } from '../../../shared/event-schemas.ts';
import { MAX_PROFIT_POINTS } from './queries.ts';
import { insertBets, usernameOf } from './test-helpers.ts';
import { AFTER, BEFORE, importFootballData, json, setClock } from '../events/football-data-match.test-support.ts';
import { queryRows } from '../../db/sql.ts';

const analyticsOf = async (env: TestEnv, cookie: string) => {
  const res = await env.request('/api/profile/analytics', { cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Analytics;
  expect(analyticsSchema.parse(body)).toEqual(body);
  return body;
};

describeEachDatabase('profile analytics', (env) => {
  it('is empty, not an error, with no bets', async () => {
    const { cookie } = await signUpAndSignIn(env());
    expect(await analyticsOf(env(), cookie)).toEqual({
      cumulativeProfit: [],
      bySport: [],
      byMonth: [],
      roi: null,
      averageOdds: null,
      longestWinStreak: 0,
      longestLossStreak: 0,
      maxDrawdown: '0.00',
      // No graded bet with a feed's prices: nothing above the market, no closing line (decision 040).
      market: { aboveMarket: 0, averageClv: null, beatCloseShare: null, closes: 0 },
    });
  });

  it('computes every figure for a known set of bets', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    const d = (iso: string) => new Date(iso);
    // Each game an hour before its settlement, but the first tennis win's game was on 1 January and
    // settled last of the wins: the line, the months and the runs follow the games, never the settling.
    const played = (settled: string) => ({
      settledAt: d(settled),
      createdAt: new Date(d(settled).getTime() - 8 * 3_600_000),
    });
    await insertBets(env(), userId, [
      {
        sport: 'tennis',
        status: 'won',
        amount: '5.00',
        decimalOdds: '3',
        settledAt: d('2026-02-06T09:00:00Z'),
        createdAt: d('2026-01-01T00:00:00Z'),
      }, // +10
      { sport: 'soccer', status: 'won', amount: '10.00', decimalOdds: '2.5', ...played('2026-01-10T12:00:00Z') }, // +15
      { sport: 'tennis', status: 'pending', amount: '50.00', decimalOdds: '1.5' },
      { sport: 'soccer', status: 'lost', amount: '20.00', decimalOdds: '2', ...played('2026-01-20T23:30:00Z') }, // -20
      { sport: 'tennis', status: 'won', amount: '10.00', decimalOdds: '2', ...played('2026-02-05T00:00:00Z') }, // +10
      { sport: 'basketball', status: 'lost', amount: '1.00', decimalOdds: '2', ...played('2026-02-07T00:00:00Z') }, // -1
      { sport: 'basketball', status: 'lost', amount: '1.00', decimalOdds: '2', ...played('2026-03-01T00:00:00Z') }, // -1
      // Void: counted among the sport's bets, nowhere else (no point, no month, no run broken).
      { sport: 'soccer', status: 'void', amount: '40.00', decimalOdds: '9', ...played('2026-01-15T00:00:00Z') },
      { sport: 'tennis', status: 'void', amount: '40.00', decimalOdds: '9', ...played('2026-04-01T00:00:00Z') },
    ]);
    expect(await analyticsOf(env(), cookie)).toEqual({
      cumulativeProfit: [
        // By the games: +10 (1 Jan, settled 6 Feb), +15, −20, +10, −1, −1. By settling it was
        // 15, −5, 5, 15, 14, 13.
        { date: '2026-01-01T07:00:00.000Z', profit: '10.00' },
        { date: '2026-01-10T11:00:00.000Z', profit: '25.00' },
        { date: '2026-01-20T22:30:00.000Z', profit: '5.00' },
        { date: '2026-02-04T23:00:00.000Z', profit: '15.00' },
        { date: '2026-02-06T23:00:00.000Z', profit: '14.00' },
        { date: '2026-02-28T23:00:00.000Z', profit: '13.00' },
      ],
      // In the product's sport order.
      bySport: [
        { sport: 'basketball', bets: 2, won: 0, lost: 2, profit: '-2.00', winRate: 0 },
        { sport: 'soccer', bets: 3, won: 1, lost: 1, profit: '-5.00', winRate: 50 },
        { sport: 'tennis', bets: 4, won: 2, lost: 0, profit: '20.00', winRate: 100 },
      ],
      // By the months of the games: January +10 +15 −20, February +10 −1 −1. By the months of
      // settling it was January −5 (2 bets), February +19 (3), March −1 (1).
      byMonth: [
        { month: '2026-01', profit: '5.00', bets: 3 },
        { month: '2026-02', profit: '8.00', bets: 3 },
      ],
      // 13.00 profit on 47.00 settled stake.
      roi: 27.7,
      // Of the won and lost bets: (3 + 2.5 + 2 + 2 + 2 + 2) / 6 = 2.25.
      averageOdds: '2.25',
      // The games' order: W W L W L L.
      longestWinStreak: 2,
      longestLossStreak: 2,
      // From the peak of 25.00 down to 5.00.
      maxDrawdown: '20.00',
      // No graded bet with a feed's prices: nothing above the market, no closing line (decision 040).
      market: { aboveMarket: 0, averageClv: null, beatCloseShare: null, closes: 0 },
    });
  });

  it('draws the profit line per day of games beyond 500 settled bets, whatever the order of settling, and per week beyond 500 days', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    // 600 bets on 30 days of games (20 a day, 2025-01-01 to 01-30), recorded pending, then settled
    // out of the games' order: every loss first (each odd day's, -10.00), on 2025-06-01, then every
    // win (each even day's, +10.00 at odds 2), on 06-02. Per day of settlement the line would read
    // -3,000.00 then 0.00.
    await env().db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                        potential_win, created_at)
      select ${userId}, 'b' || g, 10, '2', 2, 'soccer',
             timestamptz '2025-01-01T07:00:00Z' + (g / 20) * interval '1 day' + (g % 20) * interval '1 minute',
             'pending', 20, timestamptz '2024-12-31'
      from generate_series(0, 599) g`);
    const settleDays = (parity: number, status: 'won' | 'lost', profit: number, at: string) =>
      env().db.execute(sql`
        update bets set status = ${status}, profit_loss = ${profit}, settled_at = ${at}::timestamptz
        where user_id = ${userId} and description like 'b%'
          and (extract(day from event_date)::int - 1) % 2 = ${parity}`);
    await settleDays(1, 'lost', -10, '2025-06-01T08:00:00Z');
    await settleDays(0, 'won', 10, '2025-06-02T08:00:00Z');
    // One more win, its game on 2025-07-14 at 17:00, settled the next morning.
    await insertBets(env(), userId, [
      { status: 'won', createdAt: new Date('2025-07-14T10:00:00Z'), settledAt: new Date('2025-07-15T10:00:00Z') },
    ]);
    const daily = (await analyticsOf(env(), cookie)).cumulativeProfit;
    // A point at the end of each day of games: +200.00 on each even day, back to 0.00 on each odd one.
    const gameDays = Array.from({ length: 30 }, (_, d) => ({
      date: new Date(Date.UTC(2025, 0, 1 + d, 23, 59, 59, 999)).toISOString(),
      profit: d % 2 === 0 ? '200.00' : '0.00',
    }));
    expect(daily).toEqual([...gameDays, { date: '2025-07-14T23:59:59.999Z', profit: '10.00' }]);

    // 700 more won bets, a game a day from 2022-01-01, each settled an hour after: 731 days of games → weeks.
    await env().db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                        potential_win, profit_loss, settled_at, created_at)
      select ${userId}, 'c' || g, 1, '2', 2, 'tennis', timestamptz '2022-01-01T12:00:00Z' + g * interval '1 day', 'won', 2, 1,
             timestamptz '2022-01-01T13:00:00Z' + g * interval '1 day', timestamptz '2021-12-01'
      from generate_series(0, 699) g`);
    const weekly = (await analyticsOf(env(), cookie)).cumulativeProfit;
    expect(weekly.length).toBeLessThanOrEqual(MAX_PROFIT_POINTS);
    expect(weekly.length).toBeGreaterThan(100);
    expect(weekly.map((p) => p.date)).toEqual(weekly.map((p) => p.date).sort());
    // The first game day's week (Monday 2021-12-27) ends at its last day with games, Sunday 2022-01-02.
    expect(weekly[0]).toEqual({ date: '2022-01-02T23:59:59.999Z', profit: '2.00' });
    expect(weekly.at(-1)).toEqual({ date: '2025-07-14T23:59:59.999Z', profit: '710.00' });

    // The summary is what the bets sum to per day of games, however it was reached.
    const [kept] = await queryRows<{ days: number; settled: number; profit: string }>(
      env().db,
      sql`select count(*)::int as days, sum(settled)::int as settled, sum(profit)::text as profit
          from user_game_days where user_id = ${userId}`,
    );
    expect(kept).toEqual({ days: 731, settled: 1301, profit: '710.00' });
  });
});

const MARKET_ADMIN = 'analytics.market.admin@example.com';

describeEachDatabase(
  'profile analytics at market prices',
  (env) => {
    it('counts a win above the market at the best price, as the profile header does, per bet and per day of games', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: MARKET_ADMIN });
      const inflated = await signUpAndSignIn(env());
      env().clock.freeze();
      // Man United v Fulham (football-data.co.uk's real row): $10 on Man United at 1.90, more than
      // 5% above the best price seen, 1.72; they win 1-0 (as in events/market.test.ts).
      setClock(env(), '2024-08-10T12:00:00.000Z');
      await json(await importFootballData(env(), admin.cookie, BEFORE));
      const [event] = (await json<EventPage>(await env().request('/api/events?q=fulham&limit=1'))).events;
      await json<Bet>(
        await env().request('/api/bets', {
          cookie: inflated.cookie,
          body: { eventId: event!.id, market: '1x2', selection: 'home', odds: '1.90', amount: '10' },
        }),
        201,
      );
      setClock(env(), '2024-08-17T09:00:00.000Z');
      await json(await importFootballData(env(), admin.cookie, AFTER));

      const header = async () =>
        (
          await json<PublicProfile>(
            await env().request(`/api/profiles/${await usernameOf(env(), inflated.userId)}`, {
              cookie: inflated.cookie,
            }),
          )
        ).stats;
      // The record says +9.00 at 1.90; counted at 1.72 it is +7.20: ROI 72%, not 90%.
      expect(await header()).toMatchObject({ won: 1, totalProfit: '7.20', roi: 72, averageOdds: '1.72' });
      const analytics = await analyticsOf(env(), inflated.cookie);
      expect(analytics).toMatchObject({
        roi: 72,
        averageOdds: '1.72',
        cumulativeProfit: [{ profit: '7.20' }],
        bySport: [{ sport: 'soccer', won: 1, lost: 0, profit: '7.20' }],
        byMonth: [{ month: '2024-08', bets: 1, profit: '7.20' }],
        market: { aboveMarket: 1 },
      });
      // A feed's later price (direct SQL: no bet changes, so the ledger head stays): best seen 1.80,
      // 1.90 still more than 5% above it. The header and the analytics (not kept from before) both count 8.00.
      await env().db.execute(sql`update bet_prices set best_odds = 1.80 where user_id = ${inflated.userId}`);
      expect(await header()).toMatchObject({ totalProfit: '8.00', roi: 80, averageOdds: '1.80' });
      expect(await analyticsOf(env(), inflated.cookie)).toMatchObject({
        roi: 80,
        averageOdds: '1.80',
        cumulativeProfit: [{ profit: '8.00' }],
      });
      await env().db.execute(sql`update bet_prices set best_odds = 1.72 where user_id = ${inflated.userId}`);

      // The dashboard keeps the record as settled.
      expect(
        await json<{ totalProfit: string }>(await env().request('/api/bets/stats', { cookie: inflated.cookie })),
      ).toMatchObject({ totalProfit: '9.00', roi: 90 });

      // 600 more results, self-reported, a won and a lost $1 at 2.00 a day from 2023-01-01: beyond
      // 500 settled bets the line is drawn per day of games, and still ends where the header does.
      await env().db.execute(sql`
        insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                          potential_win, profit_loss, settled_at, created_at)
        select ${inflated.userId}, 'c' || g, 1, '2', 2, 'tennis', timestamptz '2023-01-01T12:00:00Z' + (g / 2) * interval '1 day',
               case when g % 2 = 0 then 'won' else 'lost' end, 2, case when g % 2 = 0 then 1 else -1 end,
               timestamptz '2023-01-01T14:00:00Z' + (g / 2) * interval '1 day', timestamptz '2022-12-01'
        from generate_series(0, 599) g`);
      const stated = await header();
      // 7.20 on $610 staked: 1.2% (at 1.90, 9.00: 1.5%).
      expect(stated).toMatchObject({ won: 301, lost: 300, totalProfit: '7.20', roi: 1.2 });
      const daily = await analyticsOf(env(), inflated.cookie);
      expect(daily).toMatchObject({ roi: stated.roi, averageOdds: stated.averageOdds });
      expect(daily.cumulativeProfit.at(-1)).toEqual({ date: '2024-08-16T23:59:59.999Z', profit: '7.20' });
      expect(daily.bySport.find((s) => s.sport === 'soccer')).toMatchObject({ profit: '7.20' });
      expect(daily.byMonth.find((m) => m.month === '2024-08')).toMatchObject({ profit: '7.20' });
    });
  },
  { ADMIN_EMAILS: MARKET_ADMIN },
);

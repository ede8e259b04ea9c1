import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { analyticsSchema, type Analytics } from '../../../shared/profile-schemas.ts';
import { MAX_PROFIT_POINTS } from './queries.ts';
import { insertBets } from './test-helpers.ts';
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
    // settled last of the wins: the line and the runs follow the games, never the settling.
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
      byMonth: [
        { month: '2026-01', profit: '-5.00', bets: 2 },
        { month: '2026-02', profit: '19.00', bets: 3 },
        { month: '2026-03', profit: '-1.00', bets: 1 },
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

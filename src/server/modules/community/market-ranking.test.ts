/**
 * The rankings at the prices that could be had (docs/decisions/047): a record that took odds above
 * every bookmaker's price is ranked, on the Spotlight and in the directory, at the best price seen,
 * as its profile counts it (decision 040), and again at its own odds once a price that high is seen.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import type { InfluencerPage, SpotlightPage } from '../../../shared/community-schemas.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { grade, insertEvents, token, uuids } from './helpers.test-support.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const T0 = new Date('2026-04-06T09:00:00.000Z');

/** One bookmaker's price of one side of each event. */
const price = (
  env: TestEnv,
  ids: string[],
  odds: string,
  kind: 'pre' | 'closing',
  bookmaker = 'Max',
  selection = 'home',
) =>
  env.db.execute(sql`
    insert into event_prices (event_id, bookmaker, kind, market, selection, line, odds)
    select id, ${bookmaker}, ${kind}, 'moneyline', ${selection}, null, ${odds}::numeric from unnest(${uuids(ids)}) id`);
const priceHome = (env: TestEnv, ids: string[], odds: string, kind: 'pre' | 'closing') => price(env, ids, odds, kind);

async function startAt(env: TestEnv) {
  env.clock.reset();
  env.clock.freeze();
  env.clock.advance(T0.getTime() - env.clock.now().getTime());
}

/** A bettor who picks the home side of each event at `odds`, $10 each, through the API; their username. */
async function bettor(env: TestEnv, events: string[], odds: string) {
  const b = await signUpAndSignIn(env);
  for (const eventId of events) {
    const res = await env.request('/api/bets', {
      cookie: b.cookie,
      body: { eventId, market: 'moneyline', selection: 'home', odds, amount: '10' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return usernameOf(env, b.userId);
}

describeEachDatabase('the rankings at market prices', (env) => {
  it('ranks odds above the market at the best price seen, and at the odds taken once the market reaches them', async () => {
    await startAt(env());
    const tag = token();
    const honestEvents = await insertEvents(env(), T0, `mh${tag}`, 30);
    const inflatedEvents = await insertEvents(env(), T0, `mi${tag}`, 30);

    // 18 of 30 won at 2.30, the market's price; 18 of 30 won at 3.00 where no bookmaker gave over 2.00.
    const honest = await bettor(env(), honestEvents, '2.30');
    const inflated = await bettor(env(), inflatedEvents, '3.00');
    // The prices arrive after the bets were recorded, as a feed's do.
    await priceHome(env(), honestEvents, '2.30', 'pre');
    await priceHome(env(), inflatedEvents, '2.00', 'pre');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), honestEvents, 18);
    await grade(env(), inflatedEvents, 18);

    const ours = async () => {
      const spotlight = (await (
        await env().request('/api/community/spotlight?period=week&limit=48')
      ).json()) as SpotlightPage;
      const directory = (await (
        await env().request('/api/community/influencers?sort=profit&limit=48')
      ).json()) as InfluencerPage;
      const mine = (e: { username: string }) => [honest, inflated].includes(e.username);
      return { spotlight: spotlight.entries.filter(mine), directory: directory.entries.filter(mine) };
    };

    // At 2.00: +20% (not +80%), $60 profit (not $240), below the honest +38% (score (11.4 − 1.96 × √39) / 30).
    const capped = await ours();
    expect(capped.spotlight.map((e) => [e.username, e.levelStakesYield, e.totalProfit, e.luckAdjustedYield])).toEqual([
      [honest, 38, '114.00', -2.8],
      [inflated, 20, '60.00', -15.8],
    ]);
    expect(capped.directory.map((e) => [e.username, e.levelStakesYield, e.totalProfit, e.luckAdjustedYield])).toEqual([
      [honest, 38, '114.00', -2.8],
      [inflated, 20, '60.00', -15.8],
    ]);
    const profile = (await (await env().request(`/api/profiles/${inflated}`)).json()) as PublicProfile;
    expect(profile.ranking).toMatchObject({ positions: 30, events: 30, luckAdjustedYield: -15.8 });
    expect(profile.stats).toMatchObject({ totalProfit: '60.00' });
    const [position] = await queryRows<{ odds: string; counted_odds: string; counted_profit: string }>(
      env().db,
      sql`select odds::text, counted_odds::text, counted_profit::text from bet_positions
          where event_id = ${inflatedEvents[0]!}`,
    );
    expect(position).toEqual({ odds: '3.000000', counted_odds: '2.000000', counted_profit: '10.00' });

    // A closing price of 2.95 makes 3.00 a price that could be had (within 5%): it counts as taken.
    await priceHome(env(), inflatedEvents, '2.95', 'closing');
    const uncapped = await ours();
    expect(uncapped.spotlight.map((e) => [e.username, e.levelStakesYield, e.totalProfit])).toEqual([
      [inflated, 80, '240.00'],
      [honest, 38, '114.00'],
    ]);
    expect(uncapped.directory.map((e) => [e.username, e.totalProfit])).toEqual([
      [inflated, '240.00'],
      [honest, '114.00'],
    ]);
  }, 120_000);

  it('sorts the directory by average closing-line value, those with 30 picks with a close first', async () => {
    await startAt(env());
    const tag = token();
    const [sharpEvents, dullEvents, fewEvents] = [
      await insertEvents(env(), T0, `ca${tag}`, 30),
      await insertEvents(env(), T0, `cb${tag}`, 30),
      await insertEvents(env(), T0, `cc${tag}`, 30),
    ];
    const sharp = await bettor(env(), sharpEvents, '2.20');
    const dull = await bettor(env(), dullEvents, '1.90');
    const few = await bettor(env(), fewEvents, '3.00');
    const all = [...sharpEvents, ...dullEvents, ...fewEvents];
    // Prices of 3.00 were had before the start, so no pick here is above the market.
    await price(env(), all, '3.00', 'pre');
    // Pinnacle closes every event at 2.00 / 2.00 (no margin): the fair close is 2.00. Only 10 of
    // `few`'s events have a close.
    const closed = [...sharpEvents, ...dullEvents, ...fewEvents.slice(0, 10)];
    await price(env(), closed, '2.00', 'closing', 'PS', 'home');
    await price(env(), closed, '2.00', 'closing', 'PS', 'away');
    env().clock.advance(24 * HOUR_MS);
    for (const events of [sharpEvents, dullEvents, fewEvents]) await grade(env(), events, 15);

    const directory = (await (
      await env().request(`/api/community/influencers?sort=clv&limit=48`)
    ).json()) as InfluencerPage;
    const ours = directory.entries.filter((e) => [sharp, dull, few].includes(e.username));
    // +50% over 10 closes is not sorted by it: 2.20 and 1.90 against 2.00 are +10% and −5% over 30.
    expect(ours.map((e) => [e.username, e.closes, e.averageClv, e.rank !== null])).toEqual([
      [sharp, 30, 0.1, true],
      [dull, 30, -0.05, true],
      [few, 10, 0.5, true],
    ]);
    // Every other sort's order is not this one: by profit, `few` (15 won at 3.00) leads.
    const byProfit = (await (
      await env().request(`/api/community/influencers?sort=profit&limit=48`)
    ).json()) as InfluencerPage;
    expect(byProfit.entries.filter((e) => [sharp, dull, few].includes(e.username)).map((e) => e.username)).toEqual([
      few,
      sharp,
      dull,
    ]);
  }, 120_000);
});

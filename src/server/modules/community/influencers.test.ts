import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/harness.ts';
import type { Influencer, InfluencerPage } from '../../../shared/community-schemas.ts';
import { createBettor, insertBets, setPublic, times, token } from './helpers.test-support.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

async function influencers(env: TestEnv, params: Record<string, string> = {}): Promise<InfluencerPage> {
  const res = await env.request(`/api/community/influencers?${new URLSearchParams(params).toString()}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as InfluencerPage;
}

/** Every card the query matches, page by page. */
async function allCards(env: TestEnv, params: Record<string, string> = {}): Promise<Influencer[]> {
  const all: Influencer[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: InfluencerPage = await influencers(env, { ...params, limit: '48', offset: String(offset) });
    all.push(...page.entries);
    offset = page.nextOffset;
  }
  return all;
}

const names = (cards: Influencer[]) => cards.map((c) => c.username);

describeEachDatabase('community: influencers', (env) => {
  it('lists public bettors with at least one bet, not private ones or people who never bet', async () => {
    const tag = token();
    const bettor = await createBettor(env(), { username: `pub_${tag}` });
    const hidden = await createBettor(env(), { username: `priv_${tag}`, public: false });
    await createBettor(env(), { username: `idle_${tag}` });
    await insertBets(env(), bettor.userId, [{ status: 'pending' }]);
    await insertBets(env(), hidden.userId, times(3, { status: 'won' }));
    expect(names(await allCards(env(), { search: tag }))).toEqual([`pub_${tag}`]);
    await setPublic(env(), hidden.userId, true);
    expect(names(await allCards(env(), { search: tag })).sort()).toEqual([`priv_${tag}`, `pub_${tag}`]);
  });

  it('searches display names and usernames, in any case, taking % and _ literally', async () => {
    const tag = token();
    const a = await createBettor(env(), { username: `sharp_${tag}`, displayName: 'Quinn Zephyrus' });
    const b = await createBettor(env(), { username: `zeph_${tag}`, displayName: null });
    const c = await createBettor(env(), { username: `other_${tag}`, displayName: 'Nobody' });
    for (const u of [a, b, c]) await insertBets(env(), u.userId, [{ status: 'won' }]);
    expect(names(await allCards(env(), { search: 'ZEPHYRUS' }))).toEqual([`sharp_${tag}`]);
    expect(names(await allCards(env(), { search: `ZEPH_${tag.toUpperCase()}` }))).toEqual([`zeph_${tag}`]);
    expect(names(await allCards(env(), { search: `  quinn zeph  ` }))).toEqual([`sharp_${tag}`]);
    // '_' is no wildcard ('shar__' would otherwise match 'sharp_'), nor is '%'.
    expect(names(await allCards(env(), { search: `shar__${tag}` }))).toEqual([]);
    expect(names(await allCards(env(), { search: `sharp_${tag}` }))).toEqual([`sharp_${tag}`]);
    expect(names(await allCards(env(), { search: '%' }))).toEqual([]);
  });

  it('filters by sport: bettors with at least one bet in it', async () => {
    const tag = token();
    const tennis = await createBettor(env(), { username: `ten_${tag}` });
    const mixed = await createBettor(env(), { username: `mix_${tag}` });
    await insertBets(env(), tennis.userId, times(3, { status: 'won', sport: 'tennis' }));
    await insertBets(env(), mixed.userId, [
      ...times(5, { status: 'lost', sport: 'football' }),
      { status: 'pending', sport: 'mma' },
    ]);
    expect(names(await allCards(env(), { search: tag, sport: 'tennis' }))).toEqual([`ten_${tag}`]);
    expect(names(await allCards(env(), { search: tag, sport: 'mma' }))).toEqual([`mix_${tag}`]);
    expect(names(await allCards(env(), { search: tag, sport: 'baseball' }))).toEqual([]);
    expect(names(await allCards(env(), { search: tag, sport: 'all' })).sort()).toEqual([`mix_${tag}`, `ten_${tag}`]);
    const mixedCard = (await allCards(env(), { search: `mix_${tag}` }))[0];
    expect(mixedCard?.mainSport).toBe('football');
  });

  it('sorts exactly as chosen: by profit, win rate or total bets alone, verified first only when that is the sort (ties: settled bets, username)', async () => {
    const tag = token();
    // profit: rich > steady > busy; win rate: steady (100%) > rich (60%) > busy (20%); bets: busy > rich > steady
    const rich = await createBettor(env(), { username: `a_rich_${tag}` });
    const steady = await createBettor(env(), { username: `b_steady_${tag}` });
    const busy = await createBettor(env(), { username: `c_busy_${tag}` });
    const star = await createBettor(env(), { username: `d_star_${tag}`, verified: true });
    await insertBets(env(), rich.userId, [
      ...times(3, { status: 'won', amount: '1000.00' }),
      ...times(2, { status: 'lost', amount: '10.00' }),
    ]);
    await insertBets(env(), steady.userId, times(2, { status: 'won', amount: '100.00' }));
    await insertBets(env(), busy.userId, [
      ...times(2, { status: 'won', amount: '1.00' }),
      ...times(8, { status: 'lost', amount: '1.00' }),
      ...times(4, { status: 'pending' }),
    ]);
    await insertBets(env(), star.userId, [{ status: 'lost', amount: '5.00' }]);

    const order = async (sort: string) => names(await allCards(env(), { search: tag, sort }));
    // The verified star lost $5 on its one bet: last by profit (tied with busy's -$5.00, which has
    // more settled bets) and by win rate, whatever its badge.
    expect(await order('profit')).toEqual([`a_rich_${tag}`, `b_steady_${tag}`, `c_busy_${tag}`, `d_star_${tag}`]);
    expect(await order('winrate')).toEqual([`b_steady_${tag}`, `a_rich_${tag}`, `c_busy_${tag}`, `d_star_${tag}`]);
    expect(await order('bets')).toEqual([`c_busy_${tag}`, `a_rich_${tag}`, `b_steady_${tag}`, `d_star_${tag}`]);
    // Verified first only when chosen; then the ranking's order (none ranked: settled bets, username).
    expect(await order('verified')).toEqual([`d_star_${tag}`, `c_busy_${tag}`, `a_rich_${tag}`, `b_steady_${tag}`]);
    // The default is the ranking; none of these has the 20 won or lost bets to be ranked, so they
    // follow (ranked or not, by settled bets, then username), verified or not.
    expect(names(await allCards(env(), { search: tag }))).toEqual([
      `c_busy_${tag}`,
      `a_rich_${tag}`,
      `b_steady_${tag}`,
      `d_star_${tag}`,
    ]);

    const cards = await allCards(env(), { search: tag, sort: 'bets' });
    expect(cards.map((c) => c.rank)).toEqual([null, null, null, null]);
    expect(cards.find((c) => c.username === `c_busy_${tag}`)).toMatchObject({
      totalBets: 14,
      settledBets: 10,
      winRate: 20,
      totalProfit: '-5.00', // 2 × 1.50 − 8 × 1.00
      verified: false,
    });
    expect(cards.find((c) => c.username === `d_star_${tag}`)).toMatchObject({
      verified: true,
      totalProfit: '-5.00',
      winRate: 0,
    });
  });

  it('ranks graded picks on 30 events by luck-adjusted yield, its place the same whatever the filters, the ranked first in every sort', async () => {
    const tag = token();
    // The steady bettor (18 of 30 at 2.00), the whale (one $99,999 bet at 1.01 on top of 30 lost $1
    // picks), a lucky dozen, all graded, and a self-reported record of 40 wins.
    const steady = await createBettor(env(), { username: `steady_${tag}` });
    const whale = await createBettor(env(), { username: `whale_${tag}`, verified: true });
    const lucky = await createBettor(env(), { username: `lucky_${tag}` });
    const unlisted = await createBettor(env(), { username: `unlisted_${tag}` });
    await insertBets(env(), steady.userId, [
      ...times(18, { status: 'won', odds: '2.00', graded: true }),
      ...times(12, { status: 'lost', odds: '2.00', graded: true }),
    ]);
    await insertBets(env(), whale.userId, [
      ...times(30, { status: 'lost', amount: '1.00', odds: '2.00', graded: true }),
      { status: 'won', amount: '99999.00', odds: '1.01', graded: true },
    ]);
    await insertBets(env(), lucky.userId, times(12, { status: 'won', odds: '5.00', graded: true }));
    await insertBets(env(), unlisted.userId, times(40, { status: 'won', odds: '2.00' }));

    const cards = await allCards(env(), { search: tag });
    expect(names(cards)).toEqual([`steady_${tag}`, `whale_${tag}`, `unlisted_${tag}`, `lucky_${tag}`]);
    const [steadyCard, whaleCard, unlistedCard, luckyCard] = cards as [Influencer, Influencer, Influencer, Influencer];
    expect(steadyCard).toMatchObject({
      settledBets: 30,
      events: 30,
      luckAdjustedYield: -15.8,
      breakEvenChance: 0.1367,
    });
    // The whale's 1.01 counts for nothing: 30 lost picks, ranked (a negative score is ranked, not hidden).
    expect(whaleCard).toMatchObject({ totalProfit: '969.99', events: 30, luckAdjustedYield: -135.8 });
    expect(steadyCard.rank).not.toBeNull();
    expect(whaleCard.rank).toBeGreaterThan(steadyCard.rank!);
    expect(luckyCard).toMatchObject({ rank: null, events: 12, levelStakesYield: 400 });
    expect(unlistedCard).toMatchObject({ rank: null, events: 0, luckAdjustedYield: null, settledBets: 40 });
    // The place is the ranking's, not the page's: the same alone in a search; and every sort lists
    // the ranked first (by profit: whale $969.99, steady $60.00), then the rest by the sort's figure
    // (lucky $480.00, unlisted $400.00).
    expect((await allCards(env(), { search: `whale_${tag}` }))[0]!.rank).toBe(whaleCard.rank);
    expect((await allCards(env(), { search: tag, sort: 'profit' })).map((c) => [c.username, c.rank])).toEqual([
      [`whale_${tag}`, whaleCard.rank],
      [`steady_${tag}`, steadyCard.rank],
      [`lucky_${tag}`, null],
      [`unlisted_${tag}`, null],
    ]);
    // By win rate: steady 60%, whale 1 of 31; then two at 100%, more settled bets first.
    expect(names(await allCards(env(), { search: tag, sort: 'winrate' }))).toEqual([
      `steady_${tag}`,
      `whale_${tag}`,
      `unlisted_${tag}`,
      `lucky_${tag}`,
    ]);
  });

  it('pages with limit and offset, without gaps or repeats, and says how many match', async () => {
    const tag = token();
    for (let i = 0; i < 5; i++) {
      const b = await createBettor(env(), { username: `page${i}_${tag}` });
      await insertBets(env(), b.userId, times(i + 1, { status: 'won' }));
    }
    const all = await allCards(env(), { search: tag, sort: 'bets' });
    expect(names(all)).toEqual([4, 3, 2, 1, 0].map((i) => `page${i}_${tag}`));
    const first = await influencers(env(), { search: tag, sort: 'bets', limit: '2' });
    expect(first).toMatchObject({ total: 5, nextOffset: 2 });
    const second = await influencers(env(), { search: tag, sort: 'bets', limit: '2', offset: '2' });
    const third = await influencers(env(), { search: tag, sort: 'bets', limit: '2', offset: '4' });
    expect([...first.entries, ...second.entries, ...third.entries].map((c) => c.username)).toEqual(names(all));
    expect(third).toMatchObject({ nextOffset: null, total: 5 });
    // Fewer than 20 won or lost bets each: listed, not ranked.
    expect(second.entries.map((c) => c.rank)).toEqual([null, null]);
    expect(await influencers(env(), { search: tag, offset: '10' })).toMatchObject({
      entries: [],
      total: 5,
      nextOffset: null,
    });
  });

  it('derives tier, trend and the last three settled picks from the record', async () => {
    const now = env().clock.now().getTime();
    const tag = token();
    const elite = await createBettor(env(), { username: `elite_${tag}`, verified: true, displayName: 'Elle Ite' });
    const pro = await createBettor(env(), { username: `pro_${tag}` });
    const unverified = await createBettor(env(), { username: `big_${tag}` });
    // elite: 100 settled, profitable; the 30 days before were better than the last 30 → down
    await insertBets(env(), elite.userId, [
      ...times(60, { status: 'won', settledAt: new Date(now - 45 * DAY_MS) }),
      ...times(37, { status: 'lost', settledAt: new Date(now - 200 * DAY_MS) }),
      { status: 'won', settledAt: new Date(now - 3 * DAY_MS), description: 'Oldest of three', sport: 'mma' },
      { status: 'lost', settledAt: new Date(now - 2 * DAY_MS), description: 'Middle pick', sport: 'tennis' },
      { status: 'won', settledAt: new Date(now - DAY_MS), description: 'Latest pick', sport: 'soccer' },
      { status: 'pending', description: 'Not settled yet' },
    ]);
    await insertBets(env(), pro.userId, times(50, { status: 'lost', settledAt: new Date(now - 5 * DAY_MS) }));
    await insertBets(env(), unverified.userId, times(120, { status: 'won', settledAt: new Date(now - 100 * DAY_MS) }));

    const cards = await allCards(env(), { search: tag });
    const card = (name: string) => cards.find((c) => c.username === name)!;
    expect(card(`elite_${tag}`)).toMatchObject({
      tier: 'Elite',
      settledBets: 100,
      totalBets: 101,
      trend: 'down',
      recentProfit: '20.00', // +15 − 10 + 15
      previousProfit: '900.00', // 60 × 15
      mainSport: 'football',
      recentPicks: [
        { description: 'Latest pick', sport: 'soccer', result: 'won', profit: '15.00' },
        { description: 'Middle pick', sport: 'tennis', result: 'lost', profit: '-10.00' },
        { description: 'Oldest of three', sport: 'mma', result: 'won', profit: '15.00' },
      ],
    });
    expect(card(`pro_${tag}`)).toMatchObject({
      tier: 'Pro',
      trend: 'down',
      recentProfit: '-500.00',
      previousProfit: '0.00',
    });
    // 120 settled and profitable, but not verified: Pro, not Elite. Nothing in the last 60 days: stable.
    expect(card(`big_${tag}`)).toMatchObject({ tier: 'Pro', trend: 'stable' });
    const rising = await createBettor(env(), { username: `new_${tag}` });
    await insertBets(env(), rising.userId, [
      { status: 'won', settledAt: new Date(now - DAY_MS), description: 'A win' },
      { status: 'void', settledAt: new Date(now - DAY_MS / 2), description: 'Called off' },
    ]);
    expect((await allCards(env(), { search: `new_${tag}` }))[0]).toMatchObject({
      tier: 'Rising',
      trend: 'up',
      settledBets: 1,
      totalBets: 2,
      // A void pick shows as void: never as a loss.
      recentPicks: [
        { description: 'Called off', result: 'void', profit: '0.00' },
        { description: 'A win', result: 'won', profit: '15.00' },
      ],
    });
  });

  it('answers 422 with a message per field for a bad sport, sort, search, limit or offset', async () => {
    for (const [query, field, message] of [
      ['sport=curling', 'sport', 'Sport must be one of all, football, basketball, soccer, tennis, mma, baseball'],
      ['sport=other', 'sport', 'Sport must be one of all, football, basketball, soccer, tennis, mma, baseball'],
      ['sort=followers', 'sort', 'Sort must be one of rank, verified, profit, winrate, bets, clv'],
      [`search=${'x'.repeat(61)}`, 'search', 'Search must be at most 60 characters'],
      ['limit=49', 'limit', 'Limit must be a whole number from 1 to 48'],
      ['offset=1.5', 'offset', 'Offset must be a whole number from 0 to 10000'],
    ] as const) {
      const res = await env().request(`/api/community/influencers?${query}`);
      expect(res.status, query).toBe(422);
      expect(await res.json()).toMatchObject({ fields: { [field]: message } });
    }
  });
});

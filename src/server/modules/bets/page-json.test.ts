/**
 * A page of bets is JSON the database writes (bet-pages.ts's betJson); a single bet's answer is
 * toBet's (bet-rows.ts). The two must agree field for field, for every kind of bet, on each database.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets } from '../../db/schema/index.ts';
import { parseJsonText } from '../../db/sql.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import type { Bet, BetPage } from '../../../shared/bet-schemas.ts';
import { toBets } from './bet-rows.ts';
import { listBets } from './bet-pages.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

async function record(env: TestEnv, cookie: string, body: Record<string, unknown>): Promise<Bet> {
  const res = await env.request('/api/bets', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

async function patch(env: TestEnv, cookie: string, path: string, status: string): Promise<Bet> {
  const res = await env.request(path, { cookie, method: 'PATCH', body: { status } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Bet;
}

describeEachDatabase('a page of bets as the database writes it', (env) => {
  it('equals toBet for singles and parlays, pending, won, lost and void, and pages on', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const single = (amount: string, odds: string, description: string) =>
      record(env(), cookie, { description, amount, odds, sport: 'soccer', eventDate: eventIn(env(), 7 * HOUR_MS) });
    const won = await single('234567.89', '+150', 'Big stake, "quoted" \\ and ünïcode ✓');
    const lost = await single('0.01', '-110', 'Smallest stake');
    const voided = await single('10.50', '5/2', 'Abandoned match');
    // Recorded with a unit size set (kept with them): the two agree on it too.
    const social = { twitter: '', instagram: '', youtube: '', website: '' };
    const settings = await env().request('/api/profile/settings', {
      cookie,
      method: 'PUT',
      body: { profilePublic: true, social, unitSize: '12.5' },
    });
    expect(settings.status).toBe(200);
    await single('25', '2.5', 'Still to play');
    const legs = [
      { description: 'Chiefs ML', sport: 'football', odds: '-110', eventDate: eventIn(env(), 8 * HOUR_MS) },
      { description: 'Lakers -4.5', sport: 'basketball', odds: '5/2', eventDate: eventIn(env(), 10 * HOUR_MS) },
    ];
    const parlay = await record(env(), cookie, { amount: '110', legs });
    const openParlay = await record(env(), cookie, { amount: '3', legs });
    env().clock.advance(10 * HOUR_MS + MINUTE_MS);
    await patch(env(), cookie, `/api/bets/${won.id}`, 'won');
    await patch(env(), cookie, `/api/bets/${lost.id}`, 'lost');
    await patch(env(), cookie, `/api/bets/${voided.id}`, 'void');
    await patch(env(), cookie, `/api/bets/${parlay.id}/legs/${parlay.legs![1]!.id}`, 'void');
    await patch(env(), cookie, `/api/bets/${parlay.id}/legs/${parlay.legs![0]!.id}`, 'won');
    await patch(env(), cookie, `/api/bets/${openParlay.id}/legs/${openParlay.legs![0]!.id}`, 'won');

    const rows = await env().db.select().from(bets).where(eq(bets.userId, userId));
    const expected = (await toBets(env().db, rows)).sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    );
    const page = parseJsonText(await listBets(env().db, userId, { limit: 20 }));
    expect(page).toEqual({ bets: expected, nextCursor: null });
    expect(page.bets.map((b) => [b.description.slice(0, 12), b.status, b.profitLoss, b.unitSize])).toEqual([
      ['Parlay: Chie', 'pending', null, '12.50'],
      ['Parlay: Chie', 'won', '100.00', '12.50'],
      ['Still to pla', 'pending', null, '12.50'],
      ['Abandoned ma', 'void', '0.00', null],
      ['Smallest sta', 'lost', '-0.01', null],
      ['Big stake, "', 'won', '351851.84', null],
    ]);
    expect(page.bets[1]!.legs!.map((l) => [l.position, l.status, l.decimalOdds])).toEqual([
      [1, 'won', '1.909091'],
      [2, 'void', '3.500000'],
    ]);

    // Paged two at a time through the API: the same bets, in the same order, as the same JSON.
    const seen: Bet[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await env().request(`/api/bets?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json']);
      const body = (await res.json()) as BetPage;
      seen.push(...body.bets);
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(expected);
  });
});

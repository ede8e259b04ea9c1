/**
 * A page of bets names the positions of several bets among it: the same pick entered three times
 * is one position (stakes summed, odds weighted by stake, one result) listing its three parts, on
 * the public profile's page and on the owner's own.
 *
 * By hand: $10 at 1.60, $30 at 1.80 and $10 at 2.00 on the home side are $50 at
 * (16 + 54 + 20) / 50 = 1.80; the home side won, so it returns 10 × 0.60 + 30 × 0.80 + 10 × 1.00 =
 * $40.00.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import type { Bet, BetPage } from '../../../shared/bet-schemas.ts';
import type { ProfileBetPage } from '../../../shared/profile-schemas.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { grade, insertEvents } from '../community/helpers.test-support.ts';
import { MINUTE_MS } from '../../../shared/time-units.ts';

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

describeEachDatabase('positions on a page of bets', (env) => {
  it('lists a pick entered three times as one position with its parts, and a single pick as none', async () => {
    env().clock.reset();
    env().clock.freeze();
    const bettor = await signUpAndSignIn(env());
    const [merged, single] = await insertEvents(env(), env().clock.now(), `pos${Date.now()}`, 2);
    const take = async (eventId: string, odds: string, amount: string) => {
      env().clock.advance(MINUTE_MS);
      return json<Bet>(
        await env().request('/api/bets', {
          cookie: bettor.cookie,
          body: { eventId, market: '1x2', selection: 'home', odds, amount },
        }),
        201,
      );
    };
    const first = await take(merged!, '1.60', '10');
    // Each part keeps the unit size set when it was recorded: none for the first, $10 after.
    const social = { twitter: '', instagram: '', youtube: '', website: '' };
    await json(
      await env().request('/api/profile/settings', {
        cookie: bettor.cookie,
        method: 'PUT',
        body: { profilePublic: true, social, unitSize: '10' },
      }),
    );
    const second = await take(merged!, '1.80', '30');
    const alone = await take(single!, '2.50', '10');
    const third = await take(merged!, '2.00', '10');
    env().clock.advance(8 * 60 * MINUTE_MS);
    await grade(env(), [merged!, single!], 2);

    const position = {
      selection: 'home',
      line: null,
      bets: 3,
      stake: '50.00',
      odds: '1.800000',
      status: 'won',
      profitLoss: '40.00',
      parts: [first, second, third].map((b) => ({
        id: b.id,
        createdAt: b.createdAt,
        amount: b.amount,
        decimalOdds: b.decimalOdds,
        unitSize: b.unitSize,
      })),
    };
    expect(position.parts.map((p) => p.unitSize)).toEqual([null, '10.00', '10.00']);
    const username = await usernameOf(env(), bettor.userId);
    const publicPage = await json<ProfileBetPage>(await env().request(`/api/profiles/${username}/bets`));
    expect(publicPage.bets.map((b) => b.id)).toEqual([third.id, alone.id, second.id, first.id]);
    expect(publicPage.positions).toEqual({ [`${merged}/1x2`]: position });
    const ownPage = await json<BetPage>(await env().request('/api/bets', { cookie: bettor.cookie }));
    expect(ownPage.positions).toEqual({ [`${merged}/1x2`]: position });

    // Paged two at a time, each page names the position of the parts it holds, and only those.
    const firstTwo = await json<ProfileBetPage>(await env().request(`/api/profiles/${username}/bets?limit=2`));
    expect(firstTwo.bets.map((b) => b.id)).toEqual([third.id, alone.id]);
    expect(Object.keys(firstTwo.positions ?? {})).toEqual([`${merged}/1x2`]);
    const lastTwo = await json<ProfileBetPage>(
      await env().request(`/api/profiles/${username}/bets?limit=2&cursor=${encodeURIComponent(firstTwo.nextCursor!)}`),
    );
    expect(lastTwo.bets.map((b) => b.id)).toEqual([second.id, first.id]);
    expect(lastTwo.positions).toEqual({ [`${merged}/1x2`]: position });
  });

  it('sends a page without a position of several bets as it was', async () => {
    env().clock.reset();
    env().clock.freeze();
    const bettor = await signUpAndSignIn(env());
    const [event] = await insertEvents(env(), env().clock.now(), `one${Date.now()}`, 1);
    await json<Bet>(
      await env().request('/api/bets', {
        cookie: bettor.cookie,
        body: { eventId: event, market: '1x2', selection: 'away', odds: '3.10', amount: '5' },
      }),
      201,
    );
    const page = await json<ProfileBetPage>(
      await env().request(`/api/profiles/${await usernameOf(env(), bettor.userId)}/bets`),
    );
    expect(page.bets).toHaveLength(1);
    expect(page).not.toHaveProperty('positions');
  });
});

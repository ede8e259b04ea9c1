/**
 * Achievements through the API (docs/decisions/047): they count graded positions won or lost at
 * odds of 1.50 or more, one per pick, in the order of the games; self-reported bets, near-certain
 * prices and a pick entered many times earn nothing.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { grade, insertEvents, token, uuids } from '../community/helpers.test-support.ts';
import { insertBets, usernameOf } from './test-helpers.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const T0 = new Date('2026-05-04T09:00:00.000Z');

const earnedIds = async (env: TestEnv, username: string) => {
  const body = (await (await env.request(`/api/profiles/${username}`)).json()) as PublicProfile;
  return body.achievements.filter((a) => a.earned).map((a) => a.id);
};

/** A home pick on each event, written as the API writes graded bets (recorded at T0, 7 hours before). */
const pick = (env: TestEnv, userId: string, events: string[], odds: string, amount = '10') =>
  env.db.execute(sql`
    insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at,
                      event_id, market, selection, graded)
    select ${userId}, 'x', ${amount}::numeric, ${odds}, ${odds}::numeric, 'soccer', e.starts_at,
           round(${amount}::numeric * ${odds}::numeric, 2), ${T0.toISOString()}::timestamptz, e.id, 'moneyline', 'home', true
    from events e where e.id = any(${uuids(events)}) order by e.starts_at desc`);

async function bettor(env: TestEnv) {
  const { userId } = await signUpAndSignIn(env);
  return { userId, username: await usernameOf(env, userId) };
}

describeEachDatabase('achievements from graded positions that took a risk', (env) => {
  const start = () => {
    env().clock.reset();
    env().clock.freeze();
    env().clock.advance(T0.getTime() - env().clock.now().getTime());
  };

  it('earns nothing from self-reported wins, wins at 1.01 or 1.49, or one pick entered many times', async () => {
    start();
    const tag = token();
    const b = await bettor(env());
    // 12 self-reported wins at 2.50 and a $1,000 self-reported stake.
    await insertBets(env(), b.userId, [
      ...Array.from({ length: 12 }, () => ({ status: 'won' as const })),
      { amount: '1000.00' },
    ]);
    const cheap = await insertEvents(env(), T0, `a1${tag}`, 12);
    await pick(env(), b.userId, cheap.slice(0, 6), '1.01', '1000');
    await pick(env(), b.userId, cheap.slice(6), '1.49', '1000');
    // One pick at 2.00 entered ten times: one position.
    const [once] = await insertEvents(env(), T0, `a2${tag}`, 1);
    for (let i = 0; i < 10; i++) await pick(env(), b.userId, [once!], '2.00');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), [...cheap, once!], 13);
    // The pick won once: First Win, and nothing else (not a streak of 10, not 12 wins at 80%).
    expect(await earnedIds(env(), b.username)).toEqual(['first-win']);
  });

  it('Hot Streak: 5 wins in a row by the games, each at 1.50 or more; a win at 1.30 ends a run', async () => {
    start();
    const tag = token();
    const b = await bettor(env());
    const events = await insertEvents(env(), T0, `a3${tag}`, 7);
    // By the games: W W W(1.30) W W W W — runs of 2 and 4 (recorded in the reverse order).
    await pick(env(), b.userId, [...events.slice(0, 2), ...events.slice(3)], '2.00');
    await pick(env(), b.userId, [events[2]!], '1.30');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), events, 7);
    expect(await earnedIds(env(), b.username)).toEqual(['first-win']);
    // A fifth win at 2.00 after the others: the run is 5.
    env().clock.advance(-24 * HOUR_MS);
    const [next] = await insertEvents(env(), new Date(T0.getTime() + HOUR_MS), `a4${tag}`, 1);
    await pick(env(), b.userId, [next!], '2.00');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), [next!], 1);
    expect(await earnedIds(env(), b.username)).toEqual(['first-win', 'hot-streak']);
  });

  it('Century Club at 100 positions, Master Bettor at 80% of 10, High Roller at $1,000 on one position, Profit Maker at $1,000', async () => {
    start();
    const tag = token();
    const b = await bettor(env());
    // 8 won then 2 lost at 2.00 by the games: 80% of 10; one pick of two $500 bets at 1.50 won: $1,000 on one position.
    const ten = await insertEvents(env(), T0, `a5${tag}`, 10);
    await pick(env(), b.userId, ten, '2.00');
    const [big] = await insertEvents(env(), T0, `a6${tag}`, 1);
    await pick(env(), b.userId, [big!], '1.50', '500');
    await pick(env(), b.userId, [big!], '1.50', '500');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), ten, 8);
    await grade(env(), [big!], 1);
    // 9 of 11 won (81.8%); profit 8 × 10 − 2 × 10 + 500 = $560.
    expect(await earnedIds(env(), b.username)).toEqual(['first-win', 'master-bettor', 'hot-streak', 'high-roller']);

    // 89 more lost at 2.00 (100 positions), then a $1,000 win at 2.00 (profit 560 − 890 + 1,000 = $670): not yet.
    env().clock.advance(-24 * HOUR_MS);
    const more = await insertEvents(env(), new Date(T0.getTime() + HOUR_MS), `a7${tag}`, 89);
    await pick(env(), b.userId, more, '2.00');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), more, 0);
    expect(await earnedIds(env(), b.username)).toEqual(['first-win', 'century-club', 'hot-streak', 'high-roller']);
    env().clock.advance(-24 * HOUR_MS);
    const wins = await insertEvents(env(), new Date(T0.getTime() + 2 * HOUR_MS), `a8${tag}`, 2);
    await pick(env(), b.userId, wins, '2.00', '165');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), wins, 2);
    // 560 − 890 + 2 × 165 = 0: then a $1,000 win takes it to $1,000.
    expect(await earnedIds(env(), b.username)).not.toContain('profit-maker');
    env().clock.advance(-24 * HOUR_MS);
    const [last] = await insertEvents(env(), new Date(T0.getTime() + 3 * HOUR_MS), `a9${tag}`, 1);
    await pick(env(), b.userId, [last!], '2.00', '1000');
    env().clock.advance(24 * HOUR_MS);
    await grade(env(), [last!], 1);
    expect(await earnedIds(env(), b.username)).toContain('profit-maker');
  });
});

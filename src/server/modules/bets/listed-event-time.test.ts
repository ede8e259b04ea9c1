/**
 * A bet on a listed event whose start is not recordable now: the refusal names the field the bet
 * sent (eventId, or the leg's eventId, never an eventDate it must not send) and says which rule the
 * start breaks, too soon or too far ahead.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { EVENT_TOO_FAR_MESSAGE, EVENT_TOO_SOON_MESSAGE } from '../../../shared/bets.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const DAY_MS = 24 * HOUR_MS;
const inMs = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

/** A scheduled event in the catalog, starting at `startsAt`. */
async function listed(env: TestEnv, startsAt: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    env.db,
    sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
        values ('sample', ${`time-${Date.now()}-${Math.random()}`}, 'soccer', 'Sample Cup', 'Alpha FC', 'Beta FC', ${startsAt})
        returning id`,
  );
  return row!.id;
}

describeEachDatabase('a listed event whose start is not recordable', (env) => {
  it('answers 422 on eventId with the rule the start breaks, and records nothing', async () => {
    env().clock.reset();
    env().clock.freeze();
    const { cookie, userId } = await signUpAndSignIn(env());
    const post = async (body: Record<string, unknown>) => {
      const res = await env().request('/api/bets', { cookie, body });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const pick = { market: '1x2', selection: 'home', odds: '2.10', amount: '10' };

    // Over 2 years ahead: "too far", not "too soon".
    const farOff = await listed(env(), inMs(env(), 3 * 365 * DAY_MS));
    expect(await post({ eventId: farOff, ...pick })).toEqual({
      status: 422,
      body: { error: EVENT_TOO_FAR_MESSAGE, fields: { eventId: EVENT_TOO_FAR_MESSAGE } },
    });

    // Still listed as scheduled, but 5 hours ahead by now.
    const soon = await listed(env(), inMs(env(), 30 * HOUR_MS));
    env().clock.advance(25 * HOUR_MS);
    expect(await post({ eventId: soon, ...pick })).toEqual({
      status: 422,
      body: { error: EVENT_TOO_SOON_MESSAGE, fields: { eventId: EVENT_TOO_SOON_MESSAGE } },
    });
    // A parlay's listed leg: named by the leg's eventId.
    expect(
      await post({
        amount: '10',
        legs: [
          { description: 'Chiefs ML', sport: 'football', odds: '-110', eventDate: inMs(env(), 8 * HOUR_MS) },
          { eventId: soon, market: '1x2', selection: 'home', odds: '2' },
        ],
      }),
    ).toEqual({
      status: 422,
      body: { error: EVENT_TOO_SOON_MESSAGE, fields: { 'legs.1.eventId': EVENT_TOO_SOON_MESSAGE } },
    });
    expect(await env().db.$count(bets, eq(bets.userId, userId))).toBe(0);
    env().clock.reset();
  });
});

/**
 * A bet's sport and a parlay leg's are from the listed set (src/shared/bets.ts): the database
 * refuses any other (bets_sport, bet_legs_sport), with direct SQL and whatever the handler sends,
 * and a refusal changes no row.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { BET_SPORTS, SPORTS, SPORT_NOT_LISTED_MESSAGE } from '../../../shared/bets.ts';
import type { RecordBetInput } from '../../../shared/bet-schemas.ts';
import type { RecordAnyParlayInput } from '../../../shared/parlay-schemas.ts';
import { recordBet, recordParlay } from './bet-writes.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const inHours = (env: TestEnv, hours: number) => new Date(env.clock.now().getTime() + hours * HOUR_MS).toISOString();

/** Every row a refusal could have touched, as text: the user's bets, legs and ledger. */
async function snapshot(env: TestEnv, userId: string) {
  return queryRows<Record<string, unknown>>(
    env.db,
    sql`select (select coalesce(json_agg(b order by b.id), '[]')::text from bets b where b.user_id = ${userId}) as bets,
               (select coalesce(json_agg(l order by l.id), '[]')::text
                  from bet_legs l join bets b on b.id = l.bet_id where b.user_id = ${userId}) as legs,
               (select count(*)::int from bet_ledger where user_id = ${userId}) as ledger`,
  );
}

/** The values a CHECK constraint's `IN (...)` list allows, as the database keeps it. */
async function listedIn(env: TestEnv, constraint: string): Promise<string[]> {
  const [row] = await queryRows<{ def: string }>(
    env.db,
    sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${constraint}`,
  );
  return [...(row?.def ?? '').matchAll(/'([^']*)'::text/g)].map((m) => m[1]!);
}

describeEachDatabase('the listed sports in the database (direct SQL)', (env) => {
  it('lists the same sports as the API', async () => {
    expect(await listedIn(env(), 'bets_sport')).toEqual([...BET_SPORTS]);
    expect(await listedIn(env(), 'bet_legs_sport')).toEqual([...SPORTS]);
  });

  it("refuses a bet's or a leg's sport outside the list, and changes no row", async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const single = await env().request('/api/bets', {
      cookie,
      body: { description: 'Arsenal to win', amount: '10', odds: '2.0', sport: 'soccer', eventDate: inHours(env(), 8) },
    });
    expect(single.status, await single.clone().text()).toBe(201);
    const parlay = await env().request('/api/bets', {
      cookie,
      body: {
        amount: '10',
        legs: [
          { description: 'Chiefs ML', sport: 'football', odds: '2.0', eventDate: inHours(env(), 8) },
          { description: 'Lakers ML', sport: 'basketball', odds: '2.0', eventDate: inHours(env(), 9) },
        ],
      },
    });
    expect(parlay.status, await parlay.clone().text()).toBe(201);
    const before = await snapshot(env(), userId);

    const refused = (query: ReturnType<typeof sql>, name: string) => refusingConstraint(env(), query, '23514', [name]);
    expect(
      await refused(
        sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win)
            values (${userId}, 'Curling final', 10, '2.0', 2, 'curling', now() + interval '1 day', 20)`,
        'bets_sport',
      ),
    ).toBe('bets_sport');
    // The listed sports are lower case, as the API and the ledger write them.
    expect(
      await refused(
        sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win)
            values (${userId}, 'Arsenal to win', 10, '2.0', 2, 'Soccer', now() + interval '1 day', 20)`,
        'bets_sport',
      ),
    ).toBe('bets_sport');
    // A parlay whose second leg is on an unlisted sport, or on 'parlay' (a parlay's own sport, never a leg's).
    for (const sport of ['curling', 'parlay'])
      expect(
        await refused(
          sql`with parlay as (
                insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date,
                                  last_event_date, leg_count, potential_win)
                values (${userId}, 'p', 10, '4', 4, 'parlay', now() + interval '1 day', now() + interval '1 day', 2, 40)
                returning id)
              insert into bet_legs (bet_id, position, description, sport, odds, decimal_odds, odds_num, odds_den, event_date)
              select id, position, 'leg', leg_sport, '2', 2, 2, 1, now() + interval '1 day'
              from parlay, (values (1, 'tennis'), (2, ${sport})) as legs(position, leg_sport)`,
          'bet_legs_sport',
        ),
        sport,
      ).toBe('bet_legs_sport');
    expect(await snapshot(env(), userId)).toEqual(before);
  });

  it("translates the database's refusal into the field's message, whatever the handler is sent", async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const now = env().clock.now();
    const single = { description: 'Curling final', amount: '10', odds: '2.0', eventDate: inHours(env(), 8) };
    // The data functions trust their input's type; the database still refuses.
    expect(
      await recordBet(env().db, userId, { ...single, sport: 'curling' } as unknown as RecordBetInput, now),
    ).toEqual({ ok: false, reason: 'sport-not-listed', field: 'sport' });
    const legs = [
      { description: 'Chiefs ML', sport: 'football', odds: '2.0', eventDate: inHours(env(), 8) },
      { description: 'Curling final', sport: 'curling', odds: '2.0', eventDate: inHours(env(), 9) },
    ];
    expect(
      await recordParlay(env().db, userId, { amount: '10', legs } as unknown as RecordAnyParlayInput, now),
    ).toEqual({ ok: false, reason: 'sport-not-listed', field: 'legs.1.sport' });
    expect(await snapshot(env(), userId)).toEqual([{ bets: '[]', legs: '[]', ledger: 0 }]);

    // The API refuses it before the database does, in the same words.
    const res = await env().request('/api/bets', { cookie, body: { ...single, sport: 'curling' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      sport: SPORT_NOT_LISTED_MESSAGE,
    });
  });
});

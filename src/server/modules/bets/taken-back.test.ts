/**
 * What a record takes back is visible (docs/decisions/041), and odds no one could be paid at are
 * refused (decision 040): odds below 1.01 are refused with their own message and by the database;
 * a bet is deleted only within 15 minutes of recording and before its start, each deletion counted
 * and listed on the profile from the ledger; a self-reported bet or parlay leg is overdue 72 hours
 * after its own start, a graded bet never, and every public row says so. Through the API on the
 * injected clock, and the database's rules in direct SQL.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { queryRows, violatedConstraint } from '../../db/sql.ts';
import { DELETE_WINDOW_PASSED_MESSAGE } from '../../../shared/bets.ts';
import { ODDS_BELOW_MINIMUM_MESSAGE } from '../../../shared/odds.ts';
import type { Bet, BetStats } from '../../../shared/bet-schemas.ts';
import type { InfluencerAnswer } from '../../../shared/community-schemas.ts';
import type { DeletedBets } from '../../../shared/disclosures.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

const inHours = (env: TestEnv, hours: number) => new Date(env.clock.now().getTime() + hours * HOUR_MS).toISOString();

const record = (env: TestEnv, cookie: string, patch: Record<string, unknown> = {}) =>
  env.request('/api/bets', {
    cookie,
    body: {
      description: 'Arsenal v Spurs, Arsenal to win',
      amount: '10',
      odds: '2.00',
      sport: 'soccer',
      eventDate: inHours(env, 7),
      ...patch,
    },
  });

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const betCount = async (env: TestEnv, userId: string) =>
  (await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from bets where user_id = ${userId}`))[0]!.n;

describeEachDatabase('what is taken back', (env) => {
  it('refuses odds below 1.01 however they are written, with their own message, and in the database', async () => {
    env().clock.reset();
    const bettor = await signUpAndSignIn(env());
    for (const odds of ['-100000000', '1.005', '1/1000', '1.009999']) {
      const res = await record(env(), bettor.cookie, { odds });
      const body = await json<{ error: string; fields: Record<string, string> }>(res, 422);
      expect(body).toEqual({ error: 'Invalid odds', fields: { odds: ODDS_BELOW_MINIMUM_MESSAGE } });
    }
    const leg = (odds: string, hours: number) => ({
      description: `Leg at ${odds}`,
      sport: 'soccer',
      odds,
      eventDate: inHours(env(), hours),
    });
    const parlay = await env().request('/api/bets', {
      cookie: bettor.cookie,
      body: { amount: '5', legs: [leg('2.00', 7), leg('-100000000', 8)] },
    });
    expect((await json<{ fields: Record<string, string> }>(parlay, 422)).fields['legs.1.odds']).toBe(
      ODDS_BELOW_MINIMUM_MESSAGE,
    );
    // Nothing was written; 1.01 itself (American -10000) is accepted.
    expect(await betCount(env(), bettor.userId)).toBe(0);
    expect((await json<Bet>(await record(env(), bettor.cookie, { odds: '-10000' }), 201)).decimalOdds).toBe('1.010000');

    expect(
      await refusingConstraint(
        env(),
        sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win)
            values (${bettor.userId}, 'Direct', 10, '1.005', 1.005, 'soccer', now() + interval '7 hours', 10.05)`,
        '23514',
        ['bets_decimal_odds_min'],
      ),
    ).toBe('bets_decimal_odds_min');
    // A parlay's leg, in the transaction that records the parlay (as recordParlay does).
    let refused: string | null = 'not refused';
    try {
      await env().db.transaction(async (tx) => {
        const [parlay] = await queryRows<{ id: string }>(
          tx,
          sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, last_event_date,
                                leg_count, potential_win)
              values (${bettor.userId}, 'Direct parlay', 10, '2.000002', 2.000002, 'parlay', now() + interval '7 hours',
                      now() + interval '8 hours', 2, 20) returning id`,
        );
        await tx.execute(
          sql`insert into bet_legs (bet_id, position, description, sport, odds, decimal_odds, odds_num, odds_den, event_date)
              values (${parlay!.id}, 1, 'Leg', 'soccer', '2.00', 2, 2, 1, now() + interval '7 hours'),
                     (${parlay!.id}, 2, 'Leg', 'soccer', '1.000001', 1.000001, 1000001, 1000000, now() + interval '8 hours')`,
        );
      });
    } catch (err) {
      refused = violatedConstraint(err, '23514', ['bet_legs_decimal_odds_min']) ?? String(err);
    }
    expect(refused).toBe('bet_legs_decimal_odds_min');
    expect(await betCount(env(), bettor.userId)).toBe(1);
  });

  it('deletes a bet only within 15 minutes of recording it, counts each deletion and lists it on the profile', async () => {
    env().clock.reset();
    env().clock.freeze();
    const bettor = await signUpAndSignIn(env());
    const username = await usernameOf(env(), bettor.userId);
    const typo = await json<Bet>(await record(env(), bettor.cookie, { description: 'Arsenal v Spurs typo' }), 201);
    const kept = await json<Bet>(await record(env(), bettor.cookie, { description: 'Chelsea v Fulham' }), 201);

    env().clock.advance(15 * MINUTE_MS - 1000);
    expect((await env().request(`/api/bets/${typo.id}`, { method: 'DELETE', cookie: bettor.cookie })).status).toBe(204);
    env().clock.advance(1000);
    // Its event is still hours ahead, but the window has passed: the bet stays, and the answer says why.
    const late = await env().request(`/api/bets/${kept.id}`, { method: 'DELETE', cookie: bettor.cookie });
    expect(await json(late, 409)).toEqual({ error: DELETE_WINDOW_PASSED_MESSAGE });
    expect(await betCount(env(), bettor.userId)).toBe(1);

    const profile = await json<PublicProfile>(await env().request(`/api/profiles/${username}`));
    expect(profile.disclosure).toEqual({ graded: 0, selfReported: 1, voided: 0, deleted: 1, overdue: 0 });
    const deleted = await json<DeletedBets>(await env().request(`/api/profiles/${username}/deleted`));
    expect(deleted).toEqual({
      total: 1,
      bets: [
        {
          betId: typo.id,
          description: 'Arsenal v Spurs typo',
          odds: '2.00',
          stake: '10.00',
          eventStart: typo.eventDate,
          // The ledger's own time of the deletion (the database's clock).
          deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          seq: 3,
        },
      ],
    });
    // Every public row says the same: the directory lists the bettor with their disclosure.
    const directory = await json<InfluencerAnswer>(
      await env().request(`/api/community/influencers?search=${username}&sort=bets`),
    );
    expect(directory.entries.map((e) => e.username)).toEqual([username]);
    expect(directory.disclosures).toEqual({ [username]: profile.disclosure });
  });

  it('holds the delete window in the database, by the request clock the delete sets', async () => {
    env().clock.reset();
    const bettor = await signUpAndSignIn(env());
    const insert = (minutesAgo: number) =>
      queryRows<{ id: string }>(
        env().db,
        sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at)
            values (${bettor.userId}, 'Direct', 10, '2.00', 2, 'soccer', now() + interval '7 hours', 20,
                    now() - ${minutesAgo} * interval '1 minute') returning id`,
      );
    const [fresh] = await insert(5);
    const [old] = await insert(16);
    expect(
      await refusingConstraint(env(), sql`delete from bets where id = ${old!.id}`, '23514', [
        'bets_delete_within_window',
      ]),
    ).toBe('bets_delete_within_window');
    // The same delete at a request clock 10 minutes back is inside the window.
    expect(
      await refusingConstraint(
        env(),
        sql`with clock as (select set_config('betproof.grading_at', (now() - interval '10 minutes')::text, true))
            delete from bets where id = ${old!.id} and exists (select 1 from clock)`,
        '23514',
        ['bets_delete_within_window'],
      ),
    ).toBe('not refused');
    expect(await refusingConstraint(env(), sql`delete from bets where id = ${fresh!.id}`, '23514', [])).toBe(
      'not refused',
    );
    const [kinds] = await queryRows<{ deleted: number; selfReported: number }>(
      env().db,
      sql`select deleted, self_reported as "selfReported" from user_bet_kinds where user_id = ${bettor.userId}`,
    );
    expect(kinds).toEqual({ deleted: 2, selfReported: 0 });
  });

  it('makes a parlay overdue 72 hours after a self-reported leg starts, whatever its other legs', async () => {
    env().clock.reset();
    env().clock.freeze();
    const bettor = await signUpAndSignIn(env());
    const username = await usernameOf(env(), bettor.userId);
    const leg = (description: string, hours: number) => ({
      description,
      sport: 'soccer',
      odds: '2.00',
      eventDate: inHours(env(), hours),
    });
    await json<Bet>(
      await env().request('/api/bets', {
        cookie: bettor.cookie,
        body: { amount: '5', legs: [leg('Tonight', 7), leg('Next year', 300 * 24)] },
      }),
      201,
    );
    const overdue = async () =>
      (await json<BetStats>(await env().request('/api/bets/stats', { cookie: bettor.cookie }))).overdue;
    env().clock.advance(7 * HOUR_MS + 72 * HOUR_MS - MINUTE_MS);
    expect(await overdue()).toBe(0);
    env().clock.advance(MINUTE_MS);
    expect(await overdue()).toBe(1);
    const profile = await json<PublicProfile>(await env().request(`/api/profiles/${username}`));
    expect(profile.disclosure.overdue).toBe(1);

    // Settling that leg ends it; the year-ahead leg is not due.
    const [parlay] = await queryRows<{ id: string; legId: string }>(
      env().db,
      sql`select b.id, l.id as "legId" from bets b join bet_legs l on l.bet_id = b.id
          where b.user_id = ${bettor.userId} and l.position = 1`,
    );
    await json(
      await env().request(`/api/bets/${parlay!.id}/legs/${parlay!.legId}`, {
        method: 'PATCH',
        cookie: bettor.cookie,
        body: { status: 'won' },
      }),
    );
    expect(await overdue()).toBe(0);
    env().clock.advance(30 * DAY_MS);
    expect(await overdue()).toBe(0);
  });
});

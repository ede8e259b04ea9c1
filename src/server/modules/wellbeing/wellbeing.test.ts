/**
 * The bettor's wellbeing tools through the API on the injected clock, and their database rules in
 * direct SQL: a budget tracked from the day summaries, a cool-off that refuses recording and is
 * never shortened, the loss-chasing question on the stake that meets the rule.
 */
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import { rowsOf } from '../../db/sql.ts';
import { insertBets, times } from '../community/helpers.test-support.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import type { BudgetStanding } from '../../../shared/wellbeing.ts';
import { budgetLines, coolOffMessage } from '../../../shared/wellbeing.ts';
import type { Wellbeing, WellbeingCheck } from '../../../shared/wellbeing-schemas.ts';
import { createLogger } from '../../lib/logger.ts';
import { sendDueStatements } from './statements.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

/** Stops the test clock at `iso` (tests about calendar periods need a known day). */
function freezeAt(env: TestEnv, iso: string) {
  env.clock.reset();
  env.clock.freeze();
  env.clock.advance(Date.parse(iso) - env.clock.now().getTime());
}

const record = (env: TestEnv, cookie: string, amount: string, extra: Record<string, unknown> = {}) =>
  env.request('/api/bets', {
    cookie,
    body: {
      description: 'Lakers to beat the Celtics',
      amount,
      odds: '2.00',
      sport: 'basketball',
      eventDate: new Date(env.clock.now().getTime() + 7 * HOUR_MS).toISOString(),
      ...extra,
    },
  });

const wellbeingOf = async (env: TestEnv, cookie: string) =>
  (await (await env.request('/api/me/wellbeing', { cookie })).json()) as Wellbeing;

const check = async (env: TestEnv, cookie: string, amount: string) => {
  const res = await env.request('/api/me/wellbeing/check', { cookie, body: { amount } });
  expect(res.status).toBe(200);
  return (await res.json()) as WellbeingCheck;
};

describeEachDatabase('wellbeing: the budget', (env) => {
  afterEach(() => env().clock.reset());

  it('has no budget until one is set; PUT refuses a budget without a limit or a pay day', async () => {
    const { cookie } = await signUpAndSignIn(env());
    expect(await wellbeingOf(env(), cookie)).toEqual({
      budget: null,
      standing: null,
      coolOff: null,
      realityCheckMinutes: null,
      monthlyStatement: false,
    });
    const before = await snapshotTables(env());
    const noLimit = await env().request('/api/me/wellbeing', {
      method: 'PUT',
      cookie,
      body: { budget: { period: 'month' } },
    });
    expect(noLimit.status).toBe(422);
    expect(((await noLimit.json()) as { fields: Record<string, string> }).fields).toEqual({
      'budget.stakeLimit': 'Set a limit on stakes, on net loss, or both',
    });
    const noPayDay = await env().request('/api/me/wellbeing', {
      method: 'PUT',
      cookie,
      body: { budget: { period: 'payday', stakeLimit: '100' } },
    });
    expect(noPayDay.status).toBe(422);
    expect(await snapshotTables(env())).toEqual(before);
  });

  it('tracks stakes and net loss in the month, in words, and the bet answer says where it stands', async () => {
    freezeAt(env(), '2027-03-23T10:00:00Z');
    const { cookie } = await signUpAndSignIn(env());
    const put = await env().request('/api/me/wellbeing', {
      method: 'PUT',
      cookie,
      body: { budget: { period: 'month', stakeLimit: '200', lossLimit: '50' } },
    });
    expect(put.status).toBe(200);
    const set = (await put.json()) as Wellbeing;
    expect(set.budget).toEqual({ period: 'month', payDay: null, stakeLimit: '200.00', lossLimit: '50.00' });
    expect(set.standing).toEqual({
      period: 'month',
      payDay: null,
      start: '2027-03-01',
      end: '2027-04-01',
      daysLeft: 9,
      staked: '0.00',
      stakeLimit: '200.00',
      netResult: '0.00',
      netLoss: '0.00',
      lossLimit: '50.00',
      level: 'ok',
    });

    const first = await record(env(), cookie, '120');
    expect(first.status).toBe(201);
    const firstBet = (await first.json()) as Bet & { budget: BudgetStanding };
    expect(firstBet.budget.staked).toBe('120.00');
    expect(firstBet.budget.level).toBe('ok');
    expect(budgetLines(firstBet.budget)).toEqual([
      '$120.00 of $200.00 staked this month, 9 days left',
      '$0.00 of $50.00 net loss this month, 9 days left',
    ]);

    // Asked before recording: $45 more makes $165, 82.5% of the stake limit.
    const near = await check(env(), cookie, '45');
    expect(near.budget?.staked).toBe('165.00');
    expect(near.budget?.level).toBe('near');
    expect(near.budgetWarning).toBe(
      'This bet brings you close to your budget: your stakes this month to $165.00 of your $200.00 budget. You can still record it.',
    );
    // Asking records nothing.
    expect((await wellbeingOf(env(), cookie)).standing?.staked).toBe('120.00');
    const second = (await (await record(env(), cookie, '45')).json()) as Bet & { budget: BudgetStanding };
    expect(second.budget.level).toBe('near');

    const over = await check(env(), cookie, '40.01');
    expect(over.budget?.level).toBe('over');
    expect(over.budgetWarning).toBe(
      'This bet takes you past your budget: your stakes this month to $205.01 of your $200.00 budget. You can still record it.',
    );
    // It does not refuse: a tracker records what was bet.
    const third = await record(env(), cookie, '40.01');
    expect(third.status).toBe(201);
    expect(((await third.json()) as { budget: BudgetStanding }).budget.level).toBe('over');

    // The first bet lost: its loss counts in the month it settled.
    env().clock.advance(8 * HOUR_MS);
    const settled = await env().request(`/api/bets/${firstBet.id}`, {
      method: 'PATCH',
      cookie,
      body: { status: 'lost' },
    });
    expect(settled.status).toBe(200);
    const after = (await wellbeingOf(env(), cookie)).standing!;
    expect(after.netResult).toBe('-120.00');
    expect(after.netLoss).toBe('120.00');
    expect(budgetLines(after)[1]).toBe('$120.00 of $50.00 net loss this month, 9 days left');

    // A new month starts from nothing (April 2nd: 29 days left, today included).
    env().clock.advance(10 * DAY_MS);
    const april = (await wellbeingOf(env(), cookie)).standing!;
    expect([april.start, april.staked, april.netLoss, april.level, april.daysLeft]).toEqual([
      '2027-04-01',
      '0.00',
      '0.00',
      'ok',
      29,
    ]);
  });

  it('answers a bet without a budget as before, and removes a budget with null', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const plain = (await (await record(env(), cookie, '10')).json()) as Record<string, unknown>;
    expect('budget' in plain).toBe(false);
    await env().request('/api/me/wellbeing', {
      method: 'PUT',
      cookie,
      body: { budget: { period: 'payday', payDay: 31, lossLimit: '100' }, monthlyStatement: true },
    });
    const set = await wellbeingOf(env(), cookie);
    expect(set.budget).toEqual({ period: 'payday', payDay: 31, stakeLimit: null, lossLimit: '100.00' });
    expect(set.monthlyStatement).toBe(true);
    const removed = await env().request('/api/me/wellbeing', { method: 'PUT', cookie, body: { budget: null } });
    expect(((await removed.json()) as Wellbeing).budget).toBeNull();
    // The other settings stay as they were.
    expect((await wellbeingOf(env(), cookie)).monthlyStatement).toBe(true);
  });

  it('keeps user_stake_days equal to a recount of bets, whatever writes them', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    await insertBets(env(), userId, [...times(3, { status: 'lost', amount: '7.50' }), { status: 'pending' }]);
    const typo = (await (await record(env(), cookie, '12.25')).json()) as Bet;
    await record(env(), cookie, '3');
    expect((await env().request(`/api/bets/${typo.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const recount = (table: 'stored' | 'recount') =>
      env().db.execute(
        table === 'stored'
          ? sql`select day::text, staked::text, bets from user_stake_days where user_id = ${userId} and bets > 0 order by day`
          : sql`select (created_at at time zone 'UTC')::date::text as day, sum(amount)::text as staked, count(*)::int as bets
                from bets where user_id = ${userId} group by 1 order by 1`,
      );
    const stored = rowsOf(await recount('stored'));
    expect(stored).toEqual(rowsOf(await recount('recount')));
    expect(stored.length).toBeGreaterThan(0);
  });
});

describeEachDatabase('wellbeing: the cool-off', (env) => {
  afterEach(() => env().clock.reset());

  it('refuses recording bets, parlays and imports with 423 and its end, until the clock passes it', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const pending = (await (await record(env(), cookie, '10')).json()) as Bet;
    const started = env().clock.now();
    const res = await env().request('/api/me/cool-off', { cookie, body: { days: 1 } });
    expect(res.status).toBe(200);
    const { coolOff } = (await res.json()) as { coolOff: { startedAt: string; until: string } };
    const until = new Date(started.getTime() + DAY_MS);
    expect(Math.abs(Date.parse(coolOff.until) - until.getTime())).toBeLessThan(5_000);
    expect((await wellbeingOf(env(), cookie)).coolOff).toEqual(coolOff);

    const before = await snapshotTables(env());
    const refused = await record(env(), cookie, '10');
    expect(refused.status).toBe(423);
    expect(await refused.json()).toEqual({ error: coolOffMessage(coolOff.until), coolOffUntil: coolOff.until });
    const parlay = await env().request('/api/bets', {
      cookie,
      body: {
        amount: '5',
        legs: [1, 2].map((n) => ({
          description: `Leg ${n}`,
          odds: '2.00',
          eventDate: new Date(env().clock.now().getTime() + 7 * HOUR_MS).toISOString(),
        })),
      },
    });
    expect(parlay.status).toBe(423);
    const imported = await env().request('/api/bets/import', {
      method: 'POST',
      cookie,
      rawBody: 'date,description,sport,stake,odds,result\r\n2024-03-01,Old bet,soccer,10,2.50,won\r\n',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(imported.status).toBe(423);
    expect(await snapshotTables(env())).toEqual(before);

    // Pending bets still settle: the public record is untouched.
    env().clock.advance(8 * HOUR_MS);
    const settled = await env().request(`/api/bets/${pending.id}`, {
      method: 'PATCH',
      cookie,
      body: { status: 'won' },
    });
    expect(settled.status).toBe(200);

    // Just before the end, still refused; after it, recording works again.
    env().clock.advance(until.getTime() - env().clock.now().getTime() - 60_000);
    expect((await record(env(), cookie, '10')).status).toBe(423);
    env().clock.advance(2 * 60_000 + 5_000);
    expect((await record(env(), cookie, '10')).status).toBe(201);
    expect((await wellbeingOf(env(), cookie)).coolOff).toBeNull();
  });

  it('can be made longer, never shorter; a shorter one answers 409 with the end that stands', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const week = (await (await env().request('/api/me/cool-off', { cookie, body: { days: 7 } })).json()) as {
      coolOff: { startedAt: string; until: string };
    };
    const before = await snapshotTables(env());
    const shorter = await env().request('/api/me/cool-off', { cookie, body: { days: 1 } });
    expect(shorter.status).toBe(409);
    expect(await shorter.json()).toEqual({
      error: 'A cool-off cannot be shortened. You can choose a longer one.',
      coolOffUntil: week.coolOff.until,
    });
    expect(await snapshotTables(env())).toEqual(before);
    const longer = await env().request('/api/me/cool-off', { cookie, body: { days: 30 } });
    expect(longer.status).toBe(200);
    const { coolOff } = (await longer.json()) as { coolOff: { startedAt: string; until: string } };
    expect(coolOff.startedAt).toBe(week.coolOff.startedAt);
    expect(Date.parse(coolOff.until) - Date.parse(week.coolOff.until)).toBeGreaterThan(22 * DAY_MS);
    const other = await env().request('/api/me/cool-off', { cookie, body: { days: 3 } });
    expect(other.status).toBe(422);
  });

  it('is held by the database: no statement shortens or lifts it', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    await env().request('/api/me/cool-off', { cookie, body: { days: 7 } });
    const rule = ['user_wellbeing_cool_off_only_longer'];
    expect(
      await refusingConstraint(
        env(),
        sql`update user_wellbeing set cool_off_until = cool_off_until - interval '1 second' where user_id = ${userId}`,
        '23514',
        rule,
      ),
    ).toBe(rule[0]);
    expect(
      await refusingConstraint(
        env(),
        sql`update user_wellbeing set cool_off_until = null, cool_off_started_at = null where user_id = ${userId}`,
        '23514',
        rule,
      ),
    ).toBe(rule[0]);
    expect(
      await refusingConstraint(
        env(),
        sql`update user_wellbeing set cool_off_until = cool_off_until + interval '1 day' where user_id = ${userId}`,
        '23514',
        rule,
      ),
    ).toBe('not refused');
  });
});

describeEachDatabase('wellbeing: the loss-chasing question', (env) => {
  it('asks on the stake that meets the rule and not on the one before, and counts it privately', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    // Usual stakes of $10 (median of the last 30: $10), then three losses in the last 24 hours.
    await insertBets(
      env(),
      userId,
      times(10, { status: 'won', amount: '10.00', settledAt: new Date(env().clock.now().getTime() - 3 * DAY_MS) }),
    );
    await insertBets(
      env(),
      userId,
      times(2, { status: 'lost', amount: '10.00', settledAt: new Date(env().clock.now().getTime() - 2 * HOUR_MS) }),
    );
    // Two losses: not yet.
    expect((await check(env(), cookie, '50')).lossChase).toBeNull();
    await insertBets(env(), userId, [
      { status: 'lost', amount: '10.00', settledAt: new Date(env().clock.now().getTime() - HOUR_MS) },
    ]);
    // Three losses; $20 is twice the median, not over it.
    const atTwice = await check(env(), cookie, '20');
    expect(atTwice.lossChase).toBeNull();
    expect(atTwice.question).toBeNull();
    const over = await check(env(), cookie, '20.01');
    expect(over.lossChase).toEqual({ recentLosses: 3, medianStake: '10.00', stake: '20.01' });
    expect(over.question).toBe(
      "You've had 3 losing bets in the last 24 hours, and this stake of $20.01 is more than twice your usual stake " +
        '($10.00, the middle of your last 30). Raising stakes to win back losses is common, and it usually deepens ' +
        'them. Do you want to record this bet?',
    );
    const counted = rowsOf<{ n: number }>(
      await env().db.execute(sql`select loss_chase_prompts as n from user_wellbeing where user_id = ${userId}`),
    );
    expect(counted).toEqual([{ n: 1 }]);
    // Losses older than 24 hours do not count.
    env().clock.advance(DAY_MS);
    try {
      expect((await check(env(), cookie, '100')).lossChase).toBeNull();
    } finally {
      env().clock.reset();
    }
  });
});

describeEachDatabase('wellbeing: the monthly statement', (env) => {
  afterEach(() => env().clock.reset());

  it('mails the month before to those who opted in, once, from the background step', async () => {
    freezeAt(env(), '2027-03-10T09:00:00Z');
    const optedIn = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    await env().request('/api/me/wellbeing', {
      method: 'PUT',
      cookie: optedIn.cookie,
      body: { monthlyStatement: true },
    });
    const sweep = () =>
      sendDueStatements({
        db: env().db,
        mailer: env().mailer,
        now: env().clock.now,
        baseUrl: 'https://betproof.test',
        logger: createLogger('silent'),
      });
    // Opting in in March: nothing for February.
    expect(await sweep()).toBe(0);
    const lost = (await (await record(env(), optedIn.cookie, '30')).json()) as Bet;
    await record(env(), other.cookie, '5');
    env().clock.advance(DAY_MS);
    await record(env(), optedIn.cookie, '12.50');
    env().clock.advance(8 * HOUR_MS);
    await env().request(`/api/bets/${lost.id}`, { method: 'PATCH', cookie: optedIn.cookie, body: { status: 'lost' } });

    env().clock.advance(25 * DAY_MS);
    const before = env().mailer.sent.length;
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const mails = env().mailer.sent.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[optedIn.email, 'Your betproof statement for March 2027']]);
    expect(mails[0]!.text).toBe(
      [
        'Your betproof statement for March 2027.',
        '',
        'Staked: $42.50 on 2 bets, recorded on 2 days.',
        'Settled: 1 bet, 0 won; overall you were down $30.00.',
        '',
        'Your budget and a break from recording are on your dashboard: https://betproof.test/dashboard',
        'Free, confidential help: https://betproof.test/help',
        '',
        'You get this because you asked for a monthly statement. To stop it, untick it under "Your budget" on your dashboard.',
        '',
        '— betproof',
      ].join('\n'),
    );
  });
});

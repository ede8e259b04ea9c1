/**
 * Overdue is the bettor's to clear: a self-reported bet still pending 72 hours after its start
 * counts, a graded one waiting for its event's result does not (its result settles it).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import type { Bet, BetStats } from '../../../shared/bet-schemas.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

describeEachDatabase('overdue and graded bets', (env) => {
  it('counts a self-reported bet pending 72 hours after its start, never a graded one', async () => {
    env().clock.reset();
    const bettor = await signUpAndSignIn(env());
    const start = new Date(env().clock.now().getTime() + 30 * HOUR_MS);
    const [event] = await queryRows<{ id: string }>(
      env().db,
      sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`overdue-${Date.now()}`}, 'basketball', 'Sample League', 'Aces', 'Bears', ${start.toISOString()})
            returning id`,
    );
    const record = async (body: Record<string, unknown>) => {
      const res = await env().request('/api/bets', { cookie: bettor.cookie, body });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as Bet;
    };
    const graded = await record({
      eventId: event!.id,
      market: 'moneyline',
      selection: 'home',
      odds: '1.9',
      amount: '10',
    });
    const selfReported = await record({
      description: 'Aces to beat the Bears (my own words)',
      sport: 'basketball',
      odds: '1.9',
      amount: '10',
      eventDate: start.toISOString(),
    });
    expect([graded.kind, selfReported.kind]).toEqual(['graded', 'self-reported']);
    const overdue = async () => {
      const res = await env().request('/api/bets/stats', { cookie: bettor.cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as BetStats).overdue;
    };
    env().clock.advance(30 * HOUR_MS + 71 * HOUR_MS);
    expect(await overdue()).toBe(0);
    // 73 hours after the start, no result has come: only the bet the bettor settles is overdue.
    env().clock.advance(2 * HOUR_MS);
    expect(await overdue()).toBe(1);
    await env().request(`/api/bets/${selfReported.id}`, {
      cookie: bettor.cookie,
      method: 'PATCH',
      body: { status: 'won' },
    });
    expect(await overdue()).toBe(0);
  });
});

import { hc } from 'hono/client';
import { expect, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../app.ts';
import { TEST_BASE_URL, describeEachDatabase, signUpAndSignIn } from '../../test/harness.ts';
import { BET_PART_OF_RECORD_MESSAGE } from '../../../shared/bets.ts';
import type { Bet, BetPage, BetStats } from '../../../shared/bet-schemas.ts';
import type { BudgetAfterBet } from '../../../shared/wellbeing-schemas.ts';

/** The typed RPC client the dashboard uses, calling the app in-process. */
describeEachDatabase('bets through the typed client (hc<AppType>)', (env) => {
  it('records, lists, settles, reads stats and deletes with types from the server', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const client = hc<AppType>(TEST_BASE_URL, {
      headers: { cookie, origin: TEST_BASE_URL },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => env().app.request(input, init),
    });

    const DAY = 24 * 60 * 60 * 1000;
    const eventDate = new Date(env().clock.now().getTime() + DAY).toISOString();
    const record = async (description: string) => {
      const created = await client.api.bets.$post({
        json: { description, amount: '20', odds: '11/10', sport: 'soccer', eventDate },
      });
      expect(created.status).toBe(201);
      if (created.status !== 201) throw new Error(`recording answered ${created.status}`);
      const bet = await created.json();
      // A recorded bet's answer carries the owner's budget standing when they have a budget.
      expectTypeOf(bet).toExtend<Bet & BudgetAfterBet>();
      expectTypeOf<Bet>().toExtend<typeof bet>();
      return bet;
    };
    const typo = await record('Arsenal to wni');
    const bet = await record('Arsenal to win');
    expect(bet.potentialWin).toBe('42.00');

    const page = await (await client.api.bets.$get({ query: { limit: '10' } })).json();
    expectTypeOf(page).toExtend<BetPage | { error: string }>();
    expect('bets' in page && page.bets.map((b) => b.id).sort()).toEqual([bet.id, typo.id].sort());

    // Before the event starts a bet can be deleted (a correction), not settled.
    const corrected = await client.api.bets[':id'].$delete({ param: { id: typo.id } });
    expect(corrected.status).toBe(204);
    const early = await client.api.bets[':id'].$patch({ param: { id: bet.id }, json: { status: 'won' } });
    expect(early.status).toBe(409);

    env().clock.advance(DAY + 60_000);
    try {
      const settled = await client.api.bets[':id'].$patch({ param: { id: bet.id }, json: { status: 'won' } });
      expect(settled.status).toBe(200);

      const statsRes = await client.api.bets.stats.$get({ query: {} });
      const stats = await statsRes.json();
      expectTypeOf(stats).toExtend<BetStats | { error: string }>();
      expect(stats).toMatchObject({ totalBets: 1, won: 1, totalProfit: '22.00', roi: 110, overdue: 0 });

      // Once settled, the bet is part of the record.
      const deleted = await client.api.bets[':id'].$delete({ param: { id: bet.id } });
      expect(deleted.status).toBe(409);
      if (deleted.status === 409) expect(await deleted.json()).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
    } finally {
      env().clock.reset();
    }
  });
});

/** Bettors with real records for the community specs, made through the public API only. */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DAY, HOUR, recordBet, settleBet } from './bets.ts';
import { DEFAULT_PASSWORD, expect, mailedLink, uniqueEmail } from './fixtures.ts';

let ipCounter = 0;
/** A client address of its own, so each bettor's sign-up has its own rate-limit bucket. */
const freshIp = () => {
  ipCounter += 1;
  return `10.251.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

export interface Bettor {
  email: string;
  username: string;
  name: string;
  api: APIRequestContext;
}

/**
 * Signs up (with `name` as the display name) and follows the confirmation link, which signs the
 * account in; returns that signed-in API context.
 * `baseURL` is the test's own (the `baseURL` fixture).
 */
export async function createBettor(baseURL: string | undefined, name: string): Promise<Bettor> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
  const email = uniqueEmail('community').toLowerCase();
  const signUp = await api.post('/api/auth/sign-up/email', {
    data: { email, password: DEFAULT_PASSWORD, name, ageConfirmed: true },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const confirm = await api.get(await mailedLink(email, 'Confirm'), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  const profile = await api.get('/api/profile');
  expect(profile.status(), await profile.text()).toBe(200);
  const { username } = (await profile.json()) as { username: string };
  return { email, username, name, api };
}

export interface BetPlan {
  result: 'won' | 'lost' | 'void' | 'pending';
  sport?: string;
  amount?: string;
  /** As typed; the default is +150. */
  odds?: string;
  description?: string;
}

/**
 * Records each bet and settles it as planned, now. A bet to settle is recorded 3 days before an
 * event that started an hour ago (the server settles a bet only once its event has started); a
 * pending one is for an event 3 days ahead, so it is never overdue.
 */
export async function recordAndSettle(bettor: Bettor, plans: BetPlan[]) {
  for (const [i, plan] of plans.entries()) {
    const bet = {
      description: plan.description ?? `${bettor.name} pick ${i + 1}`,
      amount: plan.amount ?? '10',
      odds: plan.odds ?? '+150',
      sport: plan.sport ?? 'football',
    };
    if (plan.result === 'pending') {
      await recordBet(bettor.api, bet, { startsIn: 3 * DAY });
      continue;
    }
    const id = await recordBet(bettor.api, bet, { startedAgo: HOUR, lead: 3 * DAY });
    await settleBet(bettor.api, id, plan.result);
  }
}

export const times = (n: number, plan: BetPlan): BetPlan[] => Array.from({ length: n }, () => ({ ...plan }));

/** Bettors with real records for the community specs, made through the public API only. */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { CLOCK_HEADER, recordBet, settleBet } from './bets.ts';
import { HOUR_MS, DAY_MS } from '../../../src/shared/time-units.ts';
import { DEFAULT_PASSWORD, expect, mailedLink, signInAdminRequest, uniqueEmail } from './fixtures.ts';

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
      await recordBet(bettor.api, bet, { startsIn: 3 * DAY_MS });
      continue;
    }
    const id = await recordBet(bettor.api, bet, { startedAgo: HOUR_MS, lead: 3 * DAY_MS });
    await settleBet(bettor.api, id, plan.result);
  }
}

export const times = <T extends BetPlan | GradedPlan>(n: number, plan: T): T[] =>
  Array.from({ length: n }, () => ({ ...plan }));

/** The e2e admin (ADMIN_EMAILS), signed in. */
async function adminContext(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshIp() } });
  await signInAdminRequest(api);
  return api;
}

export interface GradedPlan {
  result: 'won' | 'lost';
  /** Decimal odds as typed; the default is 2.50. */
  odds?: string;
  amount?: string;
  /** The best home price bookmakers gave before the start (football-data's MaxH); none by default. */
  best?: string;
  /** Pinnacle's closing home, draw and away prices (PSCH/PSCD/PSCA), brought by the results; none by default. */
  close?: [string, string, string];
  /**
   * The plan whose match this bet is on, by index (a pick entered again: one position); its own by
   * default. Such a bet takes that plan's result, prices and start.
   */
  sameGameAs?: number;
}

const CSV_HEADER = 'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,MaxH,PSCH,PSCD,PSCA';

/**
 * A graded record: the admin imports one listed football match per plan (a football-data.co.uk
 * file, starting an hour ago, imported "3 days ago" through the clock header, with the plan's best
 * pre-match price), the bettor picks the home side of each then, and the admin's import of the
 * results now (with the plan's closing prices) grades every pick (won: 2-0, lost: 0-1).
 */
export async function recordGraded(baseURL: string | undefined, bettor: Bettor, plans: GradedPlan[]) {
  const admin = await adminContext(baseURL);
  const tag = `${bettor.username.slice(0, 12)}${Date.now().toString(36)}`;
  // A minute apart, in the plans' order (the order of the games), the last an hour ago.
  const startOf = (i: number) =>
    new Date(Math.floor((Date.now() - HOUR_MS) / 60_000) * 60_000 - (plans.length - i) * 60_000);
  const back = { [CLOCK_HEADER]: String(-(3 * DAY_MS)) };
  const line = (plan: GradedPlan, i: number, played: boolean) => {
    const start = startOf(i).toISOString();
    const date = `${start.slice(8, 10)}/${start.slice(5, 7)}/${start.slice(0, 4)}`;
    const score = !played ? ['', '', ''] : plan.result === 'won' ? ['2', '0', 'H'] : ['0', '1', 'A'];
    const close = played && plan.close ? plan.close : ['', '', ''];
    return [
      'E2E',
      date,
      start.slice(11, 16),
      `${tag} Home ${i}`,
      `${tag} Away ${i}`,
      ...score,
      plan.best ?? '',
      ...close,
    ];
  };
  const gameOf = (i: number) => plans[i]!.sameGameAs ?? i;
  const importFile = async (played: boolean, headers?: Record<string, string>) => {
    const games = plans.flatMap((plan, i) => (gameOf(i) === i ? [line(plan, i, played).join(',')] : []));
    const csv = [CSV_HEADER, ...games].join('\n');
    const res = await admin.post(
      `/api/admin/events/import?format=football-data&timezone=UTC&competition=${encodeURIComponent(`E2E League ${tag}`)}`,
      { data: `${csv}\n`, headers: { 'content-type': 'text/csv', ...headers } },
    );
    expect(res.status(), await res.text()).toBe(200);
  };
  await importFile(false, back);
  for (const [i, plan] of plans.entries()) {
    const home = `${tag} Home ${gameOf(i)}`;
    const found = await bettor.api.get(`/api/events?q=${encodeURIComponent(home)}`, { headers: back });
    expect(found.status(), await found.text()).toBe(200);
    const [event] = ((await found.json()) as { events: { id: string; home: string }[] }).events.filter(
      (e) => e.home === home,
    );
    const res = await bettor.api.post('/api/bets', {
      data: {
        eventId: event!.id,
        market: '1x2',
        selection: 'home',
        odds: plan.odds ?? '2.50',
        amount: plan.amount ?? '10',
      },
      headers: back,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await importFile(true);
  await admin.dispose();
}

/**
 * Types into the influencer directory's search and waits until the search is applied (it is in the
 * address): until then the list shown is the unfiltered one, and a card found in it is replaced
 * when the filtered list arrives.
 */
export async function searchDirectory(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

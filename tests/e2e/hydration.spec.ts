import type { Browser, Page, TestInfo } from '@playwright/test';
import { recordBet, settledBet } from './support/bets.ts';
import { expect, loadsUntilHydrated, signedInUser, test } from './support/fixtures.ts';
import { layoutShift, watchLayoutShifts } from './support/page.ts';
import { DAY_MS } from '../../src/shared/time-units.ts';

/*
 * Pages the server renders (docs/ARCHITECTURE.md, Rendering) are taken over by React in place: no console
 * error (a hydration mismatch is one), nothing moves while the JavaScript arrives, and the page
 * answers a click once it has.
 */

/** Starts listening before the page's first script runs: console errors, React's warnings, layout shifts. */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await watchLayoutShifts(page);
  return problems;
}

/** Loads `path` and lets it settle: its JavaScript loaded and run, its requests answered. */
async function load(page: Page, path: string, heading: string) {
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  // The page is in the HTML the server sent, heading and all, before any script ran.
  const html = await res?.text();
  expect(html).toContain('<div id="root" data-hydrate>');
  // (React writes <!-- --> between adjacent text parts: "Welcome back, <!-- -->Pat<!-- -->!".)
  expect(html?.replace(/<!-- -->/g, '')).toMatch(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.waitForLoadState('networkidle');
}

let visitorCounter = 0;

/** A signed-out browser of its own, from its own client address (and, if given, in that time zone). */
async function visitor(browser: Browser, testInfo: TestInfo, timezoneId?: string) {
  visitorCounter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    ...(timezoneId ? { timezoneId } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': `172.31.${testInfo.workerIndex % 250}.${(visitorCounter % 250) + 1}` },
  });
  return { context, page: loadsUntilHydrated(await context.newPage()) };
}

test('/ hydrates cleanly, holds still and answers a click', async ({ page }) => {
  const problems = await watch(page);
  await load(page, '/', 'Track your betting performance with precision');
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
  // The demo opens in place: only a hydrated page does that (the link alone would load a new page,
  // and the mark set on this one would be gone).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(() => Object.assign(window, { beforeTheClick: true }));
  await page.getByRole('link', { name: 'Try the Demo, No Signup' }).click();
  await expect(page).toHaveURL(/\?demo=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Dashboard');
  expect(await page.evaluate(() => 'beforeTheClick' in window)).toBe(true);
  expect(problems).toEqual([]);
});

test('a rendered page asks for the app only once the browser has painted it', async ({ page }) => {
  await load(page, '/auth', 'Welcome to betproof');
  // main.tsx waits for the first contentful paint (lib/after-first-paint.ts) before it imports
  // start.tsx, so the app's ~200 KB never stand between the HTML and the first paint.
  const { paint, app } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    app: performance.getEntriesByType('resource').find((r) => /\/assets\/start-[\w-]+\.js$/.test(r.name))?.startTime,
  }));
  expect(paint).toBeGreaterThan(0);
  expect(app).toBeGreaterThanOrEqual(paint!);
});

test('/auth hydrates cleanly, holds still and switches tabs', async ({ page }) => {
  const problems = await watch(page);
  await load(page, '/auth', 'Welcome to betproof');
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
  const signUp = page.getByRole('tab', { name: 'Sign Up' });
  await expect(async () => {
    await signUp.click();
    await expect(signUp).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a public profile hydrates with its record, holds still and switches tabs', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  await settledBet(
    page.request,
    { description: 'Arsenal to beat Chelsea', odds: '+150', amount: '10.00', sport: 'soccer' },
    'won',
  );
  await settledBet(
    page.request,
    { description: 'Lakers -4.5', odds: '-110', amount: '11.00', sport: 'basketball' },
    'lost',
  );
  await recordBet(
    page.request,
    { description: 'Nadal in straight sets', odds: '+200', amount: '5.00', sport: 'tennis' },
    { startsIn: DAY_MS },
  );
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };

  const { context, page: guest } = await visitor(browser, testInfo);
  const problems = await watch(guest);
  await load(guest, `/${username}`, username);
  const record = guest.getByRole('list', { name: 'Betting Record' });
  for (const description of ['Arsenal to beat Chelsea', 'Lakers -4.5', 'Nadal in straight sets'])
    await expect(record.getByText(description, { exact: true })).toBeVisible();
  expect(await layoutShift(guest)).toBeLessThanOrEqual(0.05);
  const achievements = guest.getByRole('tab', { name: 'Achievements' });
  await expect(async () => {
    await achievements.click();
    await expect(achievements).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
  expect(problems).toEqual([]);
  await context.close();
});

test('a public profile hydrates cleanly for a visitor in another time zone, then shows its dates in theirs', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  await recordBet(
    page.request,
    { description: 'Derby on Sunday', odds: '+120', amount: '10.00', sport: 'soccer' },
    { startsIn: DAY_MS },
  );
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };
  const { bets } = (await (await page.request.get('/api/bets')).json()) as { bets: { createdAt: string }[] };

  // The server writes the date in UTC (it cannot know the visitor's zone)...
  const html = await (await page.request.get(`/${username}`)).text();
  expect(html).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC<\/time>/);

  // ...the browser takes that page over as it is (no mismatch), then writes it in Auckland's time.
  const { context, page: guest } = await visitor(browser, testInfo, 'Pacific/Auckland');
  const problems = await watch(guest);
  await load(guest, `/${username}`, username);
  const expected = await guest.evaluate((iso) => {
    const d = new Date(iso);
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
    const hour = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
    return `${month} ${d.getDate()}, ${d.getFullYear()}, ${hour}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  }, bets[0]!.createdAt);
  const record = guest.getByRole('list', { name: 'Betting Record' });
  await expect(record).toContainText(expected);
  await expect(record).not.toContainText('UTC');
  expect(problems).toEqual([]);
  await context.close();
});

test('/dashboard arrives whole for its reader (greeting, figures, bets), hydrates cleanly and holds still', async ({
  page,
}) => {
  const { email } = await signedInUser(page);
  // A bettor who has chosen a username (a new account's neutral one brings the onboarding card).
  const chosen = await page.request.patch('/api/profile', { data: { username: `dash_${Date.now().toString(36)}` } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  await recordBet(
    page.request,
    { description: 'Loaded after the layout', odds: '+110', amount: '10.00' },
    { startsIn: DAY_MS },
  );
  const problems = await watch(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  await load(page, '/dashboard', `Welcome back, ${email.split('@')[0]}!`);
  // Every answer the page shows came with it: hydrated, it only asks whether the session still holds.
  expect(asked).toEqual(['/api/auth/get-session']);
  await expect(page.getByRole('group', { name: 'Total Bets' }).getByTestId('stat-value')).toHaveText('1');
  await expect(page.getByText('Loaded after the layout', { exact: true })).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
  expect(problems).toEqual([]);
});

test('a page reached by a link once the app is hydrated writes its dates the browser’s way from its first render', async ({
  page,
}) => {
  await signedInUser(page);
  await recordBet(
    page.request,
    { description: 'Dated on arrival', odds: '+120', amount: '10.00' },
    { startsIn: DAY_MS },
  );
  // A page with no date on it: nothing there asks whether the page is hydrated.
  await page.goto('/about');
  const dashboard = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' });
  await expect(dashboard).toBeVisible();
  // Every <time> the page ever shows, as it is added or changed: the server's way ends in " UTC".
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { timesSeen: string[] }).timesSeen = seen;
    new MutationObserver(() => {
      for (const time of document.querySelectorAll('time')) seen.push(time.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await dashboard.click();
  await expect(page.getByText('Dated on arrival', { exact: true })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { timesSeen: string[] }).timesSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => text.endsWith(' UTC'))).toEqual([]);
});

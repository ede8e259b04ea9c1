import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, loadsUntilHydrated, signedInUser, test, signInAsAdmin } from './support/fixtures.ts';

/**
 * Hostile text is shown as text: a bettor whose full name, display name and bet description are
 * HTML and script payloads sees them literally on the dashboard, the own profile, the public
 * profile (and its server-rendered link-preview tags) and in the admin's Users table. Nothing
 * runs (window.__pwned stays unset), no element the payload describes exists, and the browser
 * reports no Content-Security-Policy violation (which an injected inline handler would cause).
 */

const FULL_NAME = `<b onmouseover="window.__pwned=1">Bo</b> & "Co" 'x'`;
const DISPLAY_NAME = `<img src=x onerror="window.__pwned=2">"'&amp;`; // 45 of the 60 allowed
const DESCRIPTION = `<img src=x onerror="window.__pwned=3">"'&<script>window.__pwned=4</script> {{7*7}} \${7*7}`;

/** Watches a page for the payloads' effects: a set flag, an element they describe, a CSP violation. */
async function watchForInjection(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
  });
}

async function expectNothingInjected(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  // The only inline script a page may hold is the server render's data (type application/json,
  // which no browser runs): it must be exactly one JSON value, so a payload cannot end it early.
  await expect(
    page.locator('img[src="x"], b[onmouseover], script:not([src]):not([type="application/json"])'),
  ).toHaveCount(0);
  for (const data of await page.locator('script[type="application/json"]').allTextContents()) {
    expect(data).not.toContain('<');
    expect(() => JSON.parse(data) as unknown).not.toThrow();
  }
}

let visitorCounter = 0;

/** A separate browser (signed out, its own cookies) browsing from its own client address. */
async function visitor(browser: Browser, testInfo: TestInfo) {
  visitorCounter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: {
      'x-forwarded-for': `172.16.${testInfo.workerIndex % 250}.${(visitorCounter % 250) + 1}`,
    },
  });
  const page = loadsUntilHydrated(await context.newPage());
  await watchForInjection(page);
  return { context, page };
}

test('HTML and script payloads in a name and a bet are shown literally everywhere and never run', async ({
  page,
  browser,
}, testInfo) => {
  await watchForInjection(page);
  await signedInUser(page, { name: FULL_NAME });

  // Dashboard: the greeting uses the full name; the bet is recorded through the dialog.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${FULL_NAME}!`);
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await dialog.getByLabel('Stake ($)').fill('10');
  await dialog.getByLabel('Odds').fill('+150');
  await dialog.getByLabel('Sport').click();
  await page.getByRole('option', { name: 'Tennis', exact: true }).click();
  const when = await page.evaluate(() => {
    const d = new Date(Date.now() + 72 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await dialog.getByLabel('Event date & time').fill(when);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  const recent = page.getByRole('list', { name: 'Recent Bets' });
  await expect(recent.getByText(DESCRIPTION, { exact: true })).toBeVisible();
  await expectNothingInjected(page);

  // After a reload the text comes from the server: still exact.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recent Bets' }).getByText(DESCRIPTION, { exact: true })).toBeVisible();
  await expectNothingInjected(page);

  // Own profile: the display name set inline, and the bet.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit display name' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill(DISPLAY_NAME);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DISPLAY_NAME);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DISPLAY_NAME);
  await expect(page.getByRole('list', { name: 'Recent Bets' }).getByText(DESCRIPTION, { exact: true })).toBeVisible();
  await expectNothingInjected(page);
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };

  // Public profile, signed out: the name, the title, the record.
  const guest = await visitor(browser, testInfo);
  await guest.page.goto(`/${username}`);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(DISPLAY_NAME);
  await expect(guest.page).toHaveTitle(`${DISPLAY_NAME} (@${username}) · betproof`);
  await expect(
    guest.page.getByRole('list', { name: 'Betting Record' }).getByText(DESCRIPTION, { exact: true }),
  ).toBeVisible();
  await expectNothingInjected(guest.page);

  // The link-preview tags as served (before any script runs), read by the browser's own HTML parser.
  const served = await (await guest.page.request.get(`/${username}`)).text();
  const head = await guest.page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const meta = (key: string) =>
      doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
    return {
      title: doc.title,
      ogTitle: meta('og:title'),
      twitterTitle: meta('twitter:title'),
      username: meta('profile:username'),
      // (the server render's data script, application/json, is data no browser runs)
      injected: doc.querySelectorAll('img, b, script:not([src]):not([type="application/json"])').length,
      titles: doc.querySelectorAll('title').length,
    };
  }, served);
  expect(head).toEqual({
    title: `${DISPLAY_NAME} (@${username}) · betproof`,
    ogTitle: `${DISPLAY_NAME} (@${username}) · betproof`,
    twitterTitle: `${DISPLAY_NAME} (@${username}) · betproof`,
    username,
    injected: 0,
    titles: 1,
  });
  await guest.context.close();

  // The admin's Users table.
  const admin = await visitor(browser, testInfo);
  await signInAsAdmin(admin.page);
  await admin.page.goto('/admin');
  await admin.page.getByLabel('Search users').fill(username);
  await expect.poll(() => new URL(admin.page.url()).searchParams.get('q')).toBe(username);
  const row = admin.page.getByRole('row').filter({ hasText: `${username}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(DISPLAY_NAME, { exact: true })).toBeVisible();
  await expectNothingInjected(admin.page);
  await admin.context.close();
});

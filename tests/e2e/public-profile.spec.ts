import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { recordBet, settleBet, type BetInput, type BetTiming } from './support/bets.ts';
import { expect, loadsUntilHydrated, signedInUser, test } from './support/fixtures.ts';
import { statValue } from './support/page.ts';
import { createBettor, recordGraded } from './support/community.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

/*
 * The public profile /{username}: what anyone, signed in or not, sees of a bettor's record.
 */

/**
 * Records a bet through the API as this page's signed-in user; returns its id. By default its event
 * is a day ahead; `STARTED` records it a day before an event that started an hour ago, so it can be
 * settled now (the server settles a bet only once its event has started).
 */
const apiBet = (page: Page, bet: BetInput, timing: BetTiming = { startsIn: DAY_MS }): Promise<string> =>
  recordBet(page.request, { amount: '10.00', sport: 'soccer', ...bet }, timing);
const STARTED: BetTiming = { startedAgo: HOUR_MS };

const settle = (page: Page, id: string, status: 'won' | 'lost') => settleBet(page.request, id, status);

async function ownProfile(page: Page): Promise<{ username: string }> {
  const res = await page.request.get('/api/profile');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { username: string };
}

let visitorCounter = 0;

/** A separate browser (its own cookies, signed out) browsing from its own client address. */
async function visitor(browser: Browser, testInfo: TestInfo) {
  visitorCounter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: {
      'x-forwarded-for': `172.${16 + (testInfo.workerIndex % 16)}.${Math.floor(visitorCounter / 250) % 250}.${(visitorCounter % 250) + 1}`,
    },
  });
  return { context, page: loadsUntilHydrated(await context.newPage()) };
}

async function expectStats(page: Page, stats: Record<string, string>) {
  for (const [title, value] of Object.entries(stats)) await expect(statValue(page, title)).toHaveText(value);
}

const record = (page: Page) => page.getByRole('list', { name: 'Betting Record' });
const recordItem = (page: Page, description: string) =>
  record(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(description, { exact: true }) });

test("a signed-out visitor reads another bettor's stats, record and achievements", async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const won = await apiBet(page, { description: 'Arsenal to beat Chelsea', odds: '+150' }, STARTED);
  const lost = await apiBet(
    page,
    { description: 'Nadal in straight sets', sport: 'tennis', amount: '20.00', odds: '2.00' },
    STARTED,
  );
  await apiBet(
    page,
    { description: 'Lakers -5.5', sport: 'basketball', amount: '5.50', odds: '-110' },
    { startsIn: 74 * HOUR_MS },
  );
  await settle(page, won, 'won');
  await settle(page, lost, 'lost');

  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);

  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(username);
  await expect(guest).toHaveTitle(`${username} (@${username}) · betproof`);
  await expect(guest.getByText(`@${username}`, { exact: true })).toBeVisible();
  await expect(guest.getByText('Verified Bettor')).toHaveCount(0);
  await expectStats(guest, {
    'Win Rate': '50.0%',
    'Total Bets': '3',
    'Total Profit': '-$5.00',
    Wins: '1',
    Losses: '1',
    'Total Staked': '$35.50',
    'Days Since Joining': '1',
  });
  await expect(statValue(guest, 'Total Profit')).toHaveClass(/text-negative/);
  // The overdue count sits with the record, zero included.
  await expect(guest.getByRole('group', { name: 'Pending' })).toContainText('0 overdue');
  await expect(guest.getByRole('progressbar', { name: 'Overall Performance' })).toHaveAttribute('aria-valuenow', '50');
  await expect(guest.getByRole('list', { name: 'Social links' })).toHaveCount(0);

  // The record, newest first.
  await expect(guest.getByRole('tab', { name: 'Betting Record', selected: true })).toBeVisible();
  await expect(record(guest).getByRole('listitem')).toHaveCount(3);
  await expect(record(guest).getByRole('listitem').first()).toContainText('Lakers -5.5');
  const lakers = recordItem(guest, 'Lakers -5.5');
  await expect(lakers).toContainText('Pending');
  await expect(lakers).toContainText('Basketball');
  await expect(lakers.getByTitle('As recorded: -110', { exact: true })).toHaveText('1.91');
  await expect(lakers).toContainText('$5.50');
  await expect(lakers).toContainText(/Recorded (3 d 1 h|3 d 2 h|3 d) before the event/);
  const arsenal = recordItem(guest, 'Arsenal to beat Chelsea');
  await expect(arsenal).toContainText('Won');
  await expect(arsenal).toContainText('Soccer');
  await expect(arsenal).toContainText('+$15.00');
  await expect(arsenal).toContainText(/Recorded (23 h 59 min|1 d) before the event/);
  const nadal = recordItem(guest, 'Nadal in straight sets');
  await expect(nadal).toContainText('Lost');
  await expect(nadal).toContainText('-$20.00');
  await expect(nadal.locator('.text-negative')).toHaveText('-$20.00');
  // The event time, in the visitor's time zone, as a machine-readable <time>.
  await expect(arsenal.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(guest.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Achievements: earned vs locked, with what each takes.
  await guest.getByRole('tab', { name: 'Achievements' }).click();
  const achievements = guest.getByRole('list', { name: 'Achievements' });
  await expect(achievements.getByRole('listitem')).toHaveCount(6);
  // Self-reported bets earn none: achievements count graded picks at 1.50 or more.
  const firstWin = achievements.getByRole('listitem').filter({ hasText: 'First Win' });
  await expect(firstWin).toContainText('Locked');
  await expect(firstWin).toContainText('Win your first graded pick at odds of 1.50 or more');
  await expect(firstWin).toHaveAttribute('data-earned', 'false');
  const century = achievements.getByRole('listitem').filter({ hasText: 'Century Club' });
  await expect(century).toContainText('Locked');
  await expect(century).toContainText('100 graded picks');
  for (const name of ['Profit Maker', 'Master Bettor', 'Hot Streak', 'High Roller'])
    await expect(achievements.getByRole('listitem').filter({ hasText: name })).toContainText('Locked');
  await expect(guest.getByText('0 of 6 earned')).toBeVisible();

  // Usernames match case-insensitively.
  await guest.goto(`/${username.toUpperCase()}`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(username);

  await guest.getByRole('link', { name: 'Back to Home' }).click();
  await expect(guest).toHaveURL(/\/$/);
  await context.close();
});

test('a graded pick at odds no bookmaker gave is marked "odds above market" and counted at the best price', async ({
  page,
  baseURL,
}) => {
  const bettor = await createBettor(baseURL, `Above Market ${Date.now().toString(36)}`);
  // Won at 3.00 where the best price seen was 2.00, and won at 2.00 where 2.10 was had.
  await recordGraded(baseURL, bettor, [
    { result: 'won', odds: '3.00', best: '2.00' },
    { result: 'won', odds: '2.00', best: '2.10' },
  ]);
  await page.goto(`/${bettor.username}`);
  // $10 at 3.00 counts as $10.00 profit, not $20.00: $20.00 in all, not $30.00.
  await expectStats(page, { 'Total Profit': '+$20.00', Wins: '2' });
  const above = record(page).getByRole('listitem').filter({ hasText: 'odds above market' });
  await expect(above).toHaveCount(1);
  await expect(above).toContainText('Home 0');
  await expect(above).toContainText('Best price seen 2.00 · counted at 2.00');
  const within = record(page).getByRole('listitem').filter({ hasText: 'Home 1' });
  await expect(within).toContainText('Best price seen 2.10');
  await expect(within).not.toContainText('odds above market');
});

test('a new bettor: zeros, no performance bar, an empty record', async ({ page, browser }, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  await expectStats(guest, { 'Win Rate': '—', 'Total Bets': '0', 'Total Profit': '$0.00', 'Days Since Joining': '1' });
  await expect(guest.getByRole('progressbar')).toHaveCount(0);
  await expect(guest.getByText('No bets recorded yet')).toBeVisible();
  await context.close();
});

test('the record pages with Load more, newest first', async ({ page, browser }, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  for (let i = 1; i <= 23; i++) await apiBet(page, { description: `Bet number ${i}` });

  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  await expect(record(guest).getByRole('listitem')).toHaveCount(20);
  await expect(record(guest).getByRole('listitem').first()).toContainText('Bet number 23');
  await expect(guest.getByText('Showing 20 of 23')).toBeVisible();
  await guest.getByRole('button', { name: 'Load more' }).click();
  await expect(record(guest).getByRole('listitem')).toHaveCount(23);
  await expect(record(guest).getByRole('listitem').last()).toContainText('Bet number 1');
  await expect(guest.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await context.close();
});

test('Share Profile copies the public link', async ({ page, browser }, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const { context: guestContext, page: guest } = await visitor(browser, testInfo);
  await guestContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await guest.goto(`/${username}`);
  await guest.getByRole('button', { name: 'Share Profile' }).click();
  await expect(guest.getByText('Profile link copied!')).toBeVisible();
  const copied = await guest.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${new URL(guest.url()).origin}/${username}`);
  await guestContext.close();
});

test('a private profile is "Profile Not Found" to everyone but its owner, as a name nobody has', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  await apiBet(page, { description: 'A secret bet' });
  const res = await page.request.put('/api/profile/settings', {
    data: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
  });
  expect(res.status(), await res.text()).toBe(200);

  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(guest.getByText(`The profile "@${username}" doesn't exist or has been removed.`)).toBeVisible();
  await expect(guest.getByText('A secret bet')).toHaveCount(0);
  await expect(guest.getByRole('group', { name: 'Total Bets' })).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Back to Home' })).toBeVisible();

  // A signed-in stranger sees the same, and never "Loading profile..." while the page asks again
  // with their session after hydration (every change to the page is watched from the first byte).
  await signedInUser(guest);
  await guest.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading profile')) document.documentElement.dataset.sawLoading = '';
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await guest.goto(`/${username}`);
  await expect(guest.locator('html[data-hydrated]')).toHaveCount(1);
  await guest.waitForLoadState('networkidle');
  await expect(guest.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(guest.locator('html[data-saw-loading]')).toHaveCount(0);
  await context.close();

  // The owner still sees their own record, with a note.
  await page.goto(`/${username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(username);
  await expect(page.getByText('Your profile is private: only you can see this page.')).toBeVisible();
  await expect(recordItem(page, 'A secret bet')).toBeVisible();
});

test('an unknown username: Profile Not Found', async ({ page }) => {
  await page.goto('/nobody.here_42');
  await expect(page.getByText('Loading profile...').or(page.getByRole('heading', { level: 1 }))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText(`The profile "@nobody.here_42" doesn't exist or has been removed.`)).toBeVisible();
  await expect(page).toHaveTitle('Profile Not Found · betproof');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  // An encoded slash stays inside the username: it never reaches another API route.
  await page.goto('/nobody%2Fbets');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText(`The profile "@nobody/bets" doesn't exist or has been removed.`)).toBeVisible();
});

test('while loading: "Loading profile..."; a failed load toasts and shows the not-found view', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/profiles/broken_user', async (route) => {
    await gate;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' });
  });
  await page.goto('/broken_user');
  await expect(page.getByRole('status').filter({ hasText: 'Loading profile...' })).toBeVisible();
  release();
  await expect(page.getByText('Failed to load profile')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
  await expect(page.getByText(`The profile "@broken_user" doesn't exist or has been removed.`)).toBeVisible();
});

test('overdue bets: the count beside the record and the mark on each bet', async ({ page, browser }, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  await apiBet(page, { description: 'Left pending for days' }, { startedAgo: 4 * DAY_MS });
  await apiBet(page, { description: 'Also left pending' }, { startedAgo: 73 * HOUR_MS });
  await apiBet(page, { description: 'Started yesterday' }, { startedAgo: DAY_MS });
  const won = await apiBet(page, { description: 'Settled in time' }, STARTED);
  await settle(page, won, 'won');

  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  await expectStats(guest, { 'Total Bets': '4', Wins: '1', Pending: '3' });
  const pending = guest.getByRole('group', { name: 'Pending' });
  await expect(pending.getByTestId('stat-detail')).toHaveText('2 overdue');
  await expect(guest.getByText(/win rate · 1W – 0L · 3 pending · 2 overdue$/)).toBeVisible();
  await expect(recordItem(guest, 'Left pending for days')).toContainText('Overdue');
  await expect(recordItem(guest, 'Also left pending')).toContainText('Overdue');
  await expect(recordItem(guest, 'Started yesterday')).not.toContainText('Overdue');
  await expect(recordItem(guest, 'Settled in time')).not.toContainText('Overdue');
  await context.close();
});

test('Verify this record: the ledger head, Copy puts seq:hash on the clipboard, the download and the commands', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const won = await apiBet(page, { description: 'First in the chain' }, STARTED);
  await settle(page, won, 'won');
  const deleted = await apiBet(page, { description: 'A typo, deleted before its event' });
  // A write from another origin is refused: say where it comes from, as a browser would.
  const del = await page.request.delete(`/api/bets/${deleted}`, { headers: { origin: testInfo.project.use.baseURL! } });
  expect(del.status(), await del.text()).toBe(204);
  await apiBet(page, { description: 'Still ahead' });
  const res = await page.request.get(`/api/profiles/${username}`);
  const { ledgerHead } = (await res.json()) as { ledgerHead: { seq: number; hash: string } };
  // recorded, settled, recorded, deleted, recorded.
  expect(ledgerHead.seq).toBe(5);

  const { context, page: guest } = await visitor(browser, testInfo);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await guest.goto(`/${username}`);
  const origin = new URL(guest.url()).origin;

  const verify = guest.getByRole('region', { name: 'Verify this record' });
  await expect(verify).toContainText(
    `Every bet @${username} records, every settlement, and every bet deleted before its event started is appended to a public ledger`,
  );
  await expect(verify).toContainText('Each entry carries the hash of the entry before it');
  await expect(verify.getByText(`Ledger head #5 · ${ledgerHead.hash.slice(0, 12)}…`, { exact: true })).toBeVisible();

  const copy = verify.getByRole('button', { name: 'Copy ledger head' });
  await expect(copy).toHaveAccessibleDescription(`Ledger head #5 · ${ledgerHead.hash.slice(0, 12)}…`);
  await copy.click();
  await expect(verify.getByRole('button', { name: 'Copied ledger head' })).toBeVisible();
  expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(`5:${ledgerHead.hash}`);
  await expect(verify.getByRole('button', { name: 'Copy ledger head' })).toBeVisible({ timeout: 5_000 });

  await expect(verify.getByText(`npx betproof verify ${origin}/${username}`, { exact: true })).toBeVisible();
  await expect(
    verify.getByText(`npx betproof verify ${origin}/${username} --since 5:${ledgerHead.hash}`, { exact: true }),
  ).toBeVisible();
  await expect(verify).toContainText('docs/LEDGER.md');

  // The download is the chain itself: five entries, the last one the head shown.
  const link = verify.getByRole('link', { name: 'Download the ledger' });
  await expect(link).toHaveAttribute('href', `/api/profiles/${username}/ledger.ndjson`);
  const downloading = guest.waitForEvent('download');
  await link.click();
  const download = await downloading;
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\n');
  const entries = lines.map((line) => JSON.parse(line) as { seq: number; kind: string; hash: string });
  expect(entries.map((e) => e.kind)).toEqual(['recorded', 'settled', 'recorded', 'deleted', 'recorded']);
  expect(entries.at(-1)).toMatchObject({ seq: 5, hash: ledgerHead.hash });
  await context.close();
});

test('a new profile: the ledger has no entries yet', async ({ page, browser }, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  const verify = guest.getByRole('region', { name: 'Verify this record' });
  await expect(verify.getByText(`Ledger head #0 · ${'0'.repeat(12)}…`, { exact: true })).toBeVisible();
  await expect(verify).toContainText('No entries yet: the first recorded bet starts the chain.');
  await context.close();
});

test('Verify this record says what the public log proves and what it does not, and how to check it', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  const { context, page: guest } = await visitor(browser, testInfo);
  await guest.goto(`/${username}`);
  const log = guest
    .getByRole('region', { name: 'Verify this record' })
    .getByRole('region', { name: 'The public log: what it proves, and what it does not' });
  await expect(log).toContainText('Every entry of every profile also goes into one public, append-only log.');
  await expect(log).toContainText('It does not prove by itself when a bet was recorded.');
  await expect(log).toContainText("was provably in the log at 13:02 UTC, whatever betproof's clock says.");
  await expect(log).toContainText('cosign each checkpoint only if it extends the last one they saw');
  await expect(log).toContainText('Entries recorded before the log existed were added to it when it was created');
  await expect(log).toContainText(
    `npx betproof verify ${new URL(guest.url()).origin}/${username} --log-key <the log's key> --save-checkpoint checkpoint.txt`,
  );
  // The key it points to is the one that signs the log's checkpoints.
  await log.getByRole('link', { name: "the log's key" }).click();
  await expect(guest.getByText(/"verifierKey":"[^"+]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}"/)).toBeVisible();
  await context.close();
});

/** axe-core, WCAG 2 A and AA; toasts come and go, so they are left out. */
async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
  ).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`accessibility at ${width} px: the profile, its achievements, not found and private`, async ({
    page,
    browser,
  }, testInfo) => {
    test.slow(); // axe runs four times
    await signedInUser(page);
    const { username } = await ownProfile(page);
    const won = await apiBet(page, { description: 'Accessible bet' }, STARTED);
    await settle(page, won, 'won');
    await apiBet(page, { description: 'Overdue bet' }, { startedAgo: 4 * DAY_MS });
    const social = { twitter: 'a11y_bets', instagram: '', youtube: '', website: 'https://a11y.example' };
    const res = await page.request.put('/api/profile/settings', { data: { profilePublic: true, social } });
    expect(res.status(), await res.text()).toBe(200);

    const { context, page: guest } = await visitor(browser, testInfo);
    await guest.setViewportSize({ width, height: 900 });
    await guest.goto(`/${username}`);
    await expect(recordItem(guest, 'Accessible bet')).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoA11yViolations(guest);
    await guest.getByRole('tab', { name: 'Achievements' }).click();
    await expect(guest.getByRole('list', { name: 'Achievements' })).toBeVisible();
    await expectNoA11yViolations(guest);

    await guest.goto('/no.such.bettor');
    await expect(guest.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
    await expectNoA11yViolations(guest);

    const hide = await page.request.put('/api/profile/settings', { data: { profilePublic: false, social } });
    expect(hide.status()).toBe(200);
    await guest.goto(`/${username}`);
    await expect(guest.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
    await expectNoA11yViolations(guest);
    await context.close();
  });
}

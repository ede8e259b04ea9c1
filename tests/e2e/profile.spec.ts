import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { parseCsv } from '../../src/shared/csv-read.ts';
import { recordBet, settleBet, type BetInput, type BetTiming } from './support/bets.ts';
import { expect, loadsUntilHydrated, signedInUser, test } from './support/fixtures.ts';
import { statValue } from './support/page.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

/*
 * The own profile /profile: real numbers, inline username and display name, settings, analytics,
 * achievements and the CSV export.
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
      'x-forwarded-for': `192.168.${(testInfo.workerIndex * 16 + Math.floor(visitorCounter / 250)) % 250}.${(visitorCounter % 250) + 1}`,
    },
  });
  return { context, page: loadsUntilHydrated(await context.newPage()) };
}

async function expectStats(page: Page, stats: Record<string, string>) {
  for (const [title, value] of Object.entries(stats)) await expect(statValue(page, title)).toHaveText(value);
}

const recentBets = (page: Page) => page.getByRole('list', { name: 'Recent Bets' });

test('the signed-in user sees their real numbers, record, verification status and achievements', async ({ page }) => {
  await signedInUser(page, { name: 'Jane Doe' });
  const { username } = await ownProfile(page);
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile · betproof');
  await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();
  await expectStats(page, { 'Win Rate': '—', 'Total Bets': '0', 'Total Profit': '$0.00', 'Days Since Joining': '1' });
  await expect(page.getByText('No bets recorded yet')).toBeVisible();
  await expect(page.getByText('Verification: Unverified')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const a = await apiBet(page, { description: 'Celtics moneyline', sport: 'basketball', odds: '+150' }, STARTED);
  const b = await apiBet(
    page,
    { description: 'Djokovic to win', sport: 'tennis', amount: '25.00', odds: '2.00' },
    STARTED,
  );
  await apiBet(page, { description: 'Yankees -1.5', sport: 'baseball', odds: '5/2' });
  await settle(page, a, 'won');
  await settle(page, b, 'lost');
  await page.reload();

  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectStats(page, {
    'Win Rate': '50.0%',
    'Total Bets': '3',
    'Total Profit': '-$10.00',
    Wins: '1',
    Losses: '1',
    'Total Staked': '$45.00',
    'Days Since Joining': '1',
  });
  await expect(page.getByRole('progressbar', { name: 'Overall Performance' })).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByRole('group', { name: 'Pending' })).toContainText('0 overdue');
  // The ledger: three bets recorded, two settled.
  const verify = page.getByRole('region', { name: 'Verify this record' });
  await expect(verify).toContainText('Every bet you record, every settlement');
  await expect(verify.getByText(/^Ledger head #5 · [0-9a-f]{12}…$/)).toBeVisible();
  await expect(verify.getByRole('button', { name: 'Copy ledger head' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recent Bets', selected: true })).toBeVisible();
  await expect(recentBets(page).getByRole('listitem')).toHaveCount(3);
  await expect(recentBets(page).getByRole('listitem').first()).toContainText('Yankees -1.5');
  await expect(recentBets(page).getByRole('listitem').first()).toContainText(/Recorded (23 h 59 min|1 d) before/);

  await page.getByRole('tab', { name: 'Achievements' }).click();
  const achievements = page.getByRole('list', { name: 'Achievements' });
  // Its wins are self-reported: achievements count graded picks only.
  await expect(achievements.getByRole('listitem').filter({ hasText: 'First Win' })).toContainText('Locked');
  await expect(achievements.getByRole('listitem').filter({ hasText: 'High Roller' })).toContainText('Locked');
  await expect(page).toHaveURL(/\?tab=achievements$/);

  // Applying for verification says what it is and asks first; Cancel sends nothing.
  await page.getByRole('button', { name: 'Apply for Verification' }).click();
  const ask = page.getByRole('dialog', { name: 'Apply for verification?' });
  await expect(ask).toContainText('There is no automatic threshold');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect(await (await page.request.get('/api/verification')).json()).toEqual({ status: 'unverified' });
  // Sent, the status moves to Pending.
  await page.getByRole('button', { name: 'Apply for Verification' }).click();
  await ask.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Application Sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Verification: Pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for Verification' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Verification: Pending')).toBeVisible();
});

test('analytics: charts, ROI, average odds and streaks from real bets; an empty state before', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/profile?tab=analytics');
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No settled bets yet' })).toBeVisible();

  // won, won, won, lost, lost, won: longest win streak 3, loss streak 2.
  const plan: { sport: string; odds: string; amount: string; status: 'won' | 'lost' }[] = [
    { sport: 'soccer', odds: '+150', amount: '10.00', status: 'won' }, // +15
    { sport: 'soccer', odds: '2.00', amount: '10.00', status: 'won' }, // +10
    { sport: 'tennis', odds: '3/1', amount: '10.00', status: 'won' }, // +30
    { sport: 'tennis', odds: '-200', amount: '20.00', status: 'lost' }, // -20
    { sport: 'soccer', odds: '+100', amount: '10.00', status: 'lost' }, // -10
    { sport: 'football', odds: '+150', amount: '10.00', status: 'won' }, // +15
  ];
  const ids: string[] = [];
  for (const [i, { sport, odds, amount }] of plan.entries())
    ids.push(await apiBet(page, { description: `Analytics bet ${i + 1}`, sport, odds, amount }, STARTED));
  await apiBet(page, { description: 'Still pending', odds: '2.50' });
  for (const [i, bet] of plan.entries()) await settle(page, ids[i]!, bet.status);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  // Profit 40 on 70 settled: ROI +57.1%. Mean decimal odds of the 6 won and lost bets:
  // (2.5+2+4+1.5+2+2.5)/6 = 2.42 (the profile's 'Skill or luck?' shows the same figures: read the tab's).
  const analytics = page.getByRole('tabpanel', { name: 'Analytics' });
  for (const [title, value] of Object.entries({
    ROI: '+57.1%',
    'Average Odds': '2.42',
    'Longest Win Streak': '3',
    'Longest Loss Streak': '2',
  })) {
    await expect(analytics.getByRole('group', { name: title }).getByTestId('stat-value')).toHaveText(value);
  }
  await expect(analytics.getByRole('group', { name: 'ROI' }).getByTestId('stat-value')).toHaveClass(/text-positive/);

  const cumulative = page.getByTestId('chart-cumulative');
  await expect(cumulative.getByRole('heading', { name: 'Cumulative Profit' })).toBeVisible();
  await expect(cumulative.locator('path.recharts-line-curve[name="Profit"]')).toHaveAttribute('d', /^M[\d.,\-\sLC]+/);
  await expect(cumulative).toContainText('Running total in the order of the games (by event start)');
  // The peak so far, dashed beside it; the drawdown from +$55 down to +$25.
  await expect(cumulative.locator('path.recharts-line-curve[name="Peak so far"]')).toHaveAttribute(
    'stroke-dasharray',
    '4 3',
  );
  await expect(cumulative).toContainText('+$40.00 after 6 settled bets · Largest drawdown: $30.00');

  const bySport = page.getByTestId('chart-sport');
  await expect(bySport.locator('.recharts-bar-rectangle path, path.recharts-rectangle')).toHaveCount(3);
  const tennis = bySport.getByRole('row', { name: /Tennis/ });
  await expect(tennis).toContainText('1–1');
  await expect(tennis).toContainText('50.0%');
  await expect(tennis).toContainText('+$10.00');
  const soccer = bySport.getByRole('row', { name: /Soccer/ });
  await expect(soccer).toContainText('66.7%');
  await expect(soccer).toContainText('+$15.00');

  const byMonth = page.getByTestId('chart-month');
  await expect(byMonth.locator('.recharts-bar-rectangle path, path.recharts-rectangle')).toHaveCount(1);
  const thisMonth = byMonth.getByRole('row').nth(1);
  await expect(thisMonth.getByRole('rowheader')).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  await expect(thisMonth.getByRole('cell').nth(0)).toHaveText('6');
  await expect(thisMonth.getByRole('cell').nth(1)).toHaveText('+$40.00');
});

test('analytics: a losing month hangs from the zero line, axes read as money and months, and the numbers are in a table', async ({
  page,
}) => {
  await signedInUser(page);
  const big = await apiBet(page, { description: 'Big loser', amount: '1500.00', odds: '2.00' }, STARTED);
  const small = await apiBet(page, { description: 'Small loser', amount: '100.00', odds: '2.00' }, STARTED);
  await settle(page, big, 'lost');
  await settle(page, small, 'lost');
  await page.goto('/profile?tab=analytics');

  const byMonth = page.getByTestId('chart-month');
  await expect(byMonth.locator('.recharts-bar-rectangle path, path.recharts-rectangle')).toHaveCount(1);
  // The chart's axis labels, in drawing order: the month, then the money ticks from the bottom up, at
  // round values. Every month is negative, so $0 is the top of the axis and the bar hangs down from it.
  const today = new Date();
  const monthTick = `${today.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} '${String(today.getUTCFullYear()).slice(-2)}`;
  await expect(byMonth.getByRole('application')).toHaveText(
    new RegExp(`${monthTick}\\s*-\\$2k\\s*-\\$1\\.5k\\s*-\\$1k\\s*-\\$500\\s*\\$0$`),
  );
  // By sport, the sports are rows and the money runs along the bottom, at the same round ticks.
  await expect(page.getByTestId('chart-sport').getByRole('application')).toHaveText(
    /-\$2k\s*-\$1\.5k\s*-\$1k\s*-\$500\s*\$0\s*[A-Z][A-Za-z]+$/,
  );
  // The text alternative: the same figures in a table a screen reader can read.
  const month = byMonth
    .getByRole('table', { name: 'Profit by month, the last 12, oldest first as in the chart' })
    .getByRole('row')
    .nth(1);
  await expect(month.getByRole('rowheader')).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  await expect(month.getByRole('cell').nth(1)).toHaveText('-$1,600.00');
});

test('change the username inline, and the share link follows it', async ({ page, context, browser }, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Someone else's username, to collide with.
  const other = await visitor(browser, testInfo);
  await signedInUser(other.page);
  // A chosen name (a neutral bettor_… one is reserved for new accounts, which the form says before asking the server).
  const taken = `tk_${Date.now().toString(36)}${testInfo.workerIndex}`;
  const picked = await other.page.request.patch('/api/profile', { data: { username: taken } });
  expect(picked.status(), await picked.text()).toBe(200);
  await other.context.close();

  await signedInUser(page);
  const { username: original } = await ownProfile(page);
  await page.goto('/profile');
  await expect(page.getByText(`@${original}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit username' }).click();
  const input = page.getByRole('textbox', { name: 'Username' });
  await expect(input).toHaveValue(original);
  await expect(input).toBeFocused();

  // Client-side checks with the shared schema.
  await input.fill('ab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await input.fill('no spaces!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Use only lowercase letters, digits, _ and .')).toBeVisible();
  await input.fill('dashboard');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('That username is reserved')).toBeVisible();

  // The server's answer: taken, case-insensitively.
  await input.fill(taken.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('That username is taken')).toBeVisible();

  // Cancel keeps the old one.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`@${original}`, { exact: true })).toBeVisible();

  const fresh = `jb_${Date.now().toString(36)}${testInfo.workerIndex}`;
  await page.getByRole('button', { name: 'Edit username' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(`  ${fresh.toUpperCase()} `);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`@${fresh}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View public profile' })).toHaveAttribute('href', `/${fresh}`);

  await page.getByRole('button', { name: 'Share Profile' }).click();
  await expect(page.getByText('Profile link copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(page.url()).origin}/${fresh}`);

  // Survives a reload, and the copied link opens the profile; the old name leads to the new one
  // (for 30 days: src/server/pages/page-answers.test.ts).
  await page.reload();
  await expect(page.getByText(`@${fresh}`, { exact: true })).toBeVisible();
  const guest = await visitor(browser, testInfo);
  await guest.page.goto(link);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(fresh);
  await guest.page.goto(`/${original}`);
  await expect(guest.page).toHaveURL(`/${fresh}`);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(fresh);
  await guest.context.close();
});

test('change the display name; the public profile and its title use it', async ({ page }) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(username);
  await page.getByRole('button', { name: 'Edit display name' }).click();
  await page.getByRole('textbox', { name: 'Display name' }).fill('Jane "The Oracle" Doe');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jane "The Oracle" Doe');
  await expect(page.getByText(`@${username}`, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/${username}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jane "The Oracle" Doe');
  await expect(page).toHaveTitle(`Jane "The Oracle" Doe (@${username}) · betproof`);
});

test('settings: visibility and social links are validated, saved, and shown again after a reload', async ({
  page,
  browser,
}, testInfo) => {
  await signedInUser(page);
  const { username } = await ownProfile(page);
  await page.goto('/profile');
  await expect(page.getByText('Public profile', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const visibility = dialog.getByRole('switch', { name: 'Profile Visibility' });
  await expect(visibility).toBeChecked();
  await visibility.click();
  await expect(visibility).not.toBeChecked();
  await dialog.getByLabel('Twitter').fill('@jane');
  await dialog.getByLabel('Instagram').fill('https://instagram.com/jane.bets');
  await dialog.getByLabel('YouTube').fill('JaneBets');
  await dialog.getByLabel('Website').fill('jane.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Twitter: enter a handle without @ or a full https:// URL')).toBeVisible();
  await expect(dialog.getByText('Website must be a full http:// or https:// URL')).toBeVisible();
  await dialog.getByLabel('Twitter').fill('jane_bets');
  await dialog.getByLabel('Website').fill('https://jane.example/picks');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Private profile', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByText('Private profile', { exact: true })).toBeVisible();
  const links = page.getByRole('list', { name: 'Social links' });
  const expected: [RegExp, string][] = [
    [/^Twitter/, 'https://x.com/jane_bets'],
    [/^Instagram/, 'https://instagram.com/jane.bets'],
    [/^YouTube/, 'https://youtube.com/@JaneBets'],
    [/^Website/, 'https://jane.example/picks'],
  ];
  for (const [name, href] of expected) {
    const link = links.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(visibility).not.toBeChecked();
  await expect(dialog.getByLabel('Twitter')).toHaveValue('jane_bets');
  await expect(dialog.getByLabel('Instagram')).toHaveValue('https://instagram.com/jane.bets');
  await expect(dialog.getByLabel('YouTube')).toHaveValue('JaneBets');
  await expect(dialog.getByLabel('Website')).toHaveValue('https://jane.example/picks');

  // Private: another browser finds no such profile.
  const guest = await visitor(browser, testInfo);
  await guest.page.goto(`/${username}`);
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();

  // Public again: the same browser now sees the profile and its links.
  await visibility.click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Public profile', { exact: true })).toBeVisible();
  await guest.page.reload();
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(username);
  await expect(guest.page.getByRole('link', { name: /^Twitter/ })).toHaveAttribute('href', 'https://x.com/jane_bets');
  await guest.context.close();
});

test('Export CSV downloads every bet with a header row', async ({ page }) => {
  await signedInUser(page);
  const won = await apiBet(
    page,
    { description: 'Chiefs, to cover "the spread"', sport: 'football', odds: '-110' },
    STARTED,
  );
  await apiBet(page, { description: '=HYPERLINK("http://evil.example")', amount: '12.34', odds: '5/2' });
  await settle(page, won, 'won');
  await page.goto('/profile');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const rows = parseCsv(text);
  expect(rows).toHaveLength(3);
  const header = rows[0]!.map((h) => h.toLowerCase());
  for (const column of ['description', 'amount', 'odds', 'sport', 'status']) expect(header.join(',')).toContain(column);
  const col = (name: string) => header.findIndex((h) => h.replace(/[^a-z]/g, '') === name);
  const description = col('description');
  const amount = col('amount');
  const status = col('status');
  const chiefs = rows.find((r) => r[description] === 'Chiefs, to cover "the spread"');
  expect(chiefs, text).toBeDefined();
  expect(chiefs![amount]).toBe('10.00');
  expect(chiefs![status]).toBe('won');
  // A formula is neutralised, never evaluated by a spreadsheet.
  const formula = rows.find((r) => r[description]?.includes('HYPERLINK'));
  expect(formula![description]).toBe(`'=HYPERLINK("http://evil.example")`);
  expect(formula![amount]).toBe('12.34');
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
  test(`accessibility at ${width} px: each tab, the settings dialog and the inline editor`, async ({ page }) => {
    test.slow(); // axe runs five times
    await page.setViewportSize({ width, height: 900 });
    await signedInUser(page);
    const won = await apiBet(page, { description: 'Accessible bet' }, STARTED);
    await apiBet(page, { description: 'Another one', sport: 'tennis' });
    await settle(page, won, 'won');
    await page.goto('/profile');
    await expect(recentBets(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByTestId('chart-cumulative').locator('path.recharts-line-curve[name="Profit"]')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('tab', { name: 'Achievements' }).click();
    await expect(page.getByRole('list', { name: 'Achievements' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Edit username' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill('x');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog').getByLabel('Website').fill('nope');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Website must be a full http:// or https:// URL')).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

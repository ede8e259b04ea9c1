import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createBettor, recordGraded, times, type GradedPlan } from './support/community.ts';

const graded = (n: number, plan: GradedPlan) => times(n, plan);

const board = (page: Page, period: string) => page.getByRole('list', { name: `${period} leaderboard` });
const entry = (page: Page, period: string, name: string) =>
  board(page, period).getByRole('article', { name, exact: true });

/** Clicks 'Show more' until the entry is on the page (other specs' bettors may rank above it). */
async function reveal(page: Page, period: string, name: string): Promise<Locator> {
  const target = entry(page, period, name);
  await expect(board(page, period)).toBeVisible();
  const entries = board(page, period).getByRole('article');
  for (let i = 0; i < 20 && !(await target.isVisible()); i++) {
    const more = page.getByRole('button', { name: 'Show more' });
    if (!(await more.isVisible())) break;
    const shown = await entries.count();
    await more.click();
    await expect.poll(() => entries.count()).toBeGreaterThan(shown);
  }
  await expect(target).toBeVisible();
  return target;
}

const rankOf = async (article: Locator) =>
  Number((await article.getByTestId('rank').textContent())?.replace(/\D/g, ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a bettor with 30 graded wins is on every board; each tab loads its own period; View Profile opens the profile', async ({
  page,
  baseURL,
}) => {
  // Graded records go through the admin's imports and a request per pick: slow on a loaded machine.
  test.slow();
  const tag = Date.now().toString(36);
  const winner = await createBettor(baseURL, `Spot Winner ${tag}`);
  const runner = await createBettor(baseURL, `Spot Runner ${tag}`);
  const few = await createBettor(baseURL, `Spot Few ${tag}`);
  await recordGraded(baseURL, winner, graded(30, { result: 'won', amount: '50' })); // +$75 each at 2.50
  // 29 × $15 − $10, the loss the last game played.
  await recordGraded(baseURL, runner, [...graded(29, { result: 'won' }), { result: 'lost' }]);
  await recordGraded(baseURL, few, graded(29, { result: 'won', amount: '100' }));

  await page.goto('/spotlight');
  await expect(page).toHaveTitle('Bettor Spotlight · betproof');
  await expect(board(page, 'Month')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Bettor Spotlight' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Month' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('spotlight-rule')).toHaveText(
    'Graded picks on events of the last 30 days · ranked by luck-adjusted yield · picks on at least 30 different events in the period to be ranked',
  );
  await expect(page.getByRole('heading', { name: 'How the ranking works' })).toBeVisible();
  await expect(
    page.getByText(
      "To be ranked: graded picks won or lost on at least 30 different events, each priced 1.20 or more (one pick entered twice counts once; void and self-reported bets don't count). Every record that has them is ranked, below zero included.",
    ),
  ).toBeVisible();

  for (const [tab, days] of [
    ['Week', 7],
    ['Quarter', 90],
    ['Year', 365],
    ['Month', 30],
  ] as const) {
    if (tab !== 'Month') {
      // A new tab asks the server for its own period (Month's answer is already in the cache).
      const requested = page.waitForResponse(
        (r) =>
          r.url().includes('/api/community/spotlight') &&
          new URL(r.url()).searchParams.get('period') === tab.toLowerCase(),
      );
      await page.getByRole('tab', { name: tab }).click();
      expect((await requested).status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`period=${tab.toLowerCase()}`));
    } else {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page).toHaveURL(/\/spotlight$/);
    }
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('spotlight-rule')).toContainText(`last ${days} days`);

    const top = await reveal(page, tab, winner.name);
    await expect(top).toContainText('+$2,250.00');
    // Yield +150.0%; its 95% range from a break-even bettor's spread at 2.50: ± 1.96 × √(30 × 1.5) / 30;
    // luck-adjusted, the low end: (45 − 1.96 × √45) / 30.
    await expect(top).toContainText('+150.0%');
    await expect(top).toContainText('+106.2% to +193.8%');
    await expect(top.getByText('Luck-adjusted yield')).toBeVisible();
    await expect(top).toContainText('100.0%');
    await expect(top).toContainText('30 (30)');
    await expect(top).toContainText('W30');
    await expect(top).toContainText('Soccer');
    const second = await reveal(page, tab, runner.name);
    await expect(second).toContainText('+$425.00');
    await expect(second).toContainText('+141.7%');
    await expect(second).toContainText('96.7%');
    await expect(second).toContainText('30 (29)');
    await expect(second).toContainText('L1');
    expect(await rankOf(top)).toBeLessThan(await rankOf(second));
    // Picks on 29 events are not enough, whatever the profit.
    await expect(board(page, tab).getByRole('article', { name: few.name })).toHaveCount(0);
  }

  await page.getByRole('tab', { name: 'Week' }).click();
  const top = await reveal(page, 'Week', winner.name);
  await top.getByRole('link', { name: `View Profile of ${winner.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${escape(winner.username)}$`));
  await expect(page.getByText(`@${winner.username}`).first()).toBeVisible();
});

test('the ranking follows the tab: each period shows its own answer', async ({ page, baseURL }) => {
  // Graded records go through the admin's imports and a request per pick: slow on a loaded machine.
  test.slow();
  // The server's windows are covered by the API tests (bets can only be settled "now" here), so
  // this serves the Year board reversed and checks the page shows each tab's own order.
  const tag = Date.now().toString(36);
  const big = await createBettor(baseURL, `Tab Big ${tag}`);
  const small = await createBettor(baseURL, `Tab Small ${tag}`);
  await recordGraded(baseURL, big, graded(30, { result: 'won', amount: '40' }));
  await recordGraded(baseURL, small, [
    ...graded(29, { result: 'won', amount: '20' }),
    { result: 'lost', amount: '20' },
  ]);
  await page.route('**/api/community/spotlight?*', async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('period') !== 'year') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { entries: { rank: number }[] };
    body.entries = [...body.entries].reverse().map((e, i) => ({ ...e, rank: i + 1 }));
    await route.fulfill({ response, json: body });
  });
  await page.goto('/spotlight?period=week');
  const names = (period: string) => board(page, period).getByRole('article').locator('h3').allTextContents();
  await expect(board(page, 'Week').getByRole('article').first()).toBeVisible();
  const week = await names('Week');
  expect(week.length).toBeGreaterThanOrEqual(2);
  await page.getByRole('tab', { name: 'Year' }).click();
  await expect(board(page, 'Year').getByRole('article').first()).toBeVisible();
  const year = await names('Year');
  expect(year).not.toEqual(week);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect.poll(() => names('Week')).toEqual(week);
});

test('the whale: one $99,999 bet at 1.01 on top of 30 lost $1 picks ranks below a steady 18 of 30 at 2.00', async ({
  page,
  baseURL,
}) => {
  // Graded records go through the admin's imports and a request per pick: slow on a loaded machine.
  test.slow();
  const tag = Date.now().toString(36);
  const steady = await createBettor(baseURL, `Steady ${tag}`);
  const whale = await createBettor(baseURL, `Whale ${tag}`);
  await recordGraded(baseURL, steady, [
    ...graded(18, { result: 'won', odds: '2.00' }),
    ...graded(12, { result: 'lost', odds: '2.00' }),
  ]);
  await recordGraded(baseURL, whale, [
    ...graded(30, { result: 'lost', amount: '1', odds: '2.00' }),
    { result: 'won', amount: '99999', odds: '1.01' },
  ]);
  await page.goto('/spotlight?period=week');
  const steadyRow = await reveal(page, 'Week', steady.name);
  const whaleRow = await reveal(page, 'Week', whale.name);
  // The whale's 1.01 counts for nothing: the ranked record is 30 lost picks.
  await expect(whaleRow).toContainText('-$30.00');
  await expect(whaleRow).toContainText('-100.0%');
  await expect(steadyRow).toContainText('+$60.00');
  await expect(steadyRow).toContainText('+20.0%');
  await expect(steadyRow).toContainText('-15.8% to +55.8%');
  expect(await rankOf(steadyRow)).toBeLessThan(await rankOf(whaleRow));
});

test('says so when nobody qualifies, and points to recording bets', async ({ page }) => {
  await page.route('**/api/community/spotlight?*', (route) => {
    const url = new URL(route.request().url());
    const to = new Date();
    return route.fulfill({
      json: {
        period: url.searchParams.get('period') ?? 'month',
        from: new Date(to.getTime() - 7 * 86_400_000).toISOString(),
        to: to.toISOString(),
        minEvents: 30,
        total: 0,
        entries: [],
        nextOffset: null,
      },
    });
  });
  await page.goto('/spotlight?period=week');
  await expect(page.getByRole('heading', { name: 'No one qualifies yet' })).toBeVisible();
  await expect(
    page.getByText(
      'Nobody with a public profile has graded picks won or lost on 30 different events of the last 7 days. Record picks on listed events to be the first on the board.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a bet' })).toHaveAttribute('href', '/dashboard');
});

test('fits a 390 px phone and passes axe (WCAG 2 A/AA)', async ({ page, baseURL }) => {
  // Graded records go through the admin's imports and a request per pick: slow on a loaded machine.
  test.slow();
  const bettor = await createBettor(baseURL, `Phone Spot ${Date.now().toString(36)}`);
  await recordGraded(baseURL, bettor, graded(30, { result: 'won' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/spotlight?period=week');
  await expect(board(page, 'Week').getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

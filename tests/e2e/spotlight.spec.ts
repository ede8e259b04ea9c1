import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createBettor, recordAndSettle, times } from './support/community.ts';

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

test('a bettor with 20 won bets is on every board; each tab loads its own period; View Profile opens the profile', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const winner = await createBettor(baseURL, `Spot Winner ${tag}`);
  const runner = await createBettor(baseURL, `Spot Runner ${tag}`);
  const few = await createBettor(baseURL, `Spot Few ${tag}`);
  await recordAndSettle(winner, times(20, { result: 'won', amount: '50', sport: 'tennis' })); // +$75 each
  // 19 × $15 − $10, and a void bet that changes nothing.
  await recordAndSettle(runner, [...times(19, { result: 'won' }), { result: 'lost' }, { result: 'void' }]);
  await recordAndSettle(few, times(19, { result: 'won', amount: '100' }));

  await page.goto('/spotlight');
  await expect(page).toHaveTitle('Bettor Spotlight · betproof');
  await expect(board(page, 'Month')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Bettor Spotlight' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Month' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('spotlight-rule')).toHaveText(
    'Bets settled in the last 30 days · ranked by the low end of the 95% range of level-stakes yield · at least 20 won or lost bets in the period to be ranked',
  );
  await expect(page.getByRole('heading', { name: 'How the ranking works' })).toBeVisible();
  await expect(
    page.getByText(
      "At least 20 won or lost bets to be ranked (void bets don't count); every record that has them is ranked, below zero included.",
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
    await expect(top).toContainText('+$1,500.00');
    // Yield +150.0%; its 95% range from a break-even bettor's spread at +150: ± 1.96 × √(20 × 1.5) / 20.
    await expect(top).toContainText('+150.0%');
    await expect(top).toContainText('+96.3% to +203.7%');
    await expect(top).toContainText('100.0%');
    await expect(top).toContainText('20 (20)');
    await expect(top).toContainText('W20');
    await expect(top).toContainText('Tennis');
    const second = await reveal(page, tab, runner.name);
    await expect(second).toContainText('+$275.00');
    await expect(second).toContainText('+137.5%');
    await expect(second).toContainText('95.0%');
    await expect(second).toContainText('20 (19)');
    await expect(second).toContainText('L1');
    expect(await rankOf(top)).toBeLessThan(await rankOf(second));
    // Nineteen won or lost bets are not enough, whatever the profit.
    await expect(board(page, tab).getByRole('article', { name: few.name })).toHaveCount(0);
  }

  await page.getByRole('tab', { name: 'Week' }).click();
  const top = await reveal(page, 'Week', winner.name);
  await top.getByRole('link', { name: `View Profile of ${winner.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${escape(winner.username)}$`));
  await expect(page.getByText(`@${winner.username}`).first()).toBeVisible();
});

test('the ranking follows the tab: each period shows its own answer', async ({ page, baseURL }) => {
  // The server's windows are covered by the API tests (bets can only be settled "now" here), so
  // this serves the Year board reversed and checks the page shows each tab's own order.
  const tag = Date.now().toString(36);
  const big = await createBettor(baseURL, `Tab Big ${tag}`);
  const small = await createBettor(baseURL, `Tab Small ${tag}`);
  await recordAndSettle(big, times(20, { result: 'won', amount: '40' }));
  await recordAndSettle(small, [...times(19, { result: 'won', amount: '20' }), { result: 'lost', amount: '20' }]);
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

test('the whale: one $99,999 bet at 1.01 on top of 24 lost $1 bets ranks below a steady 15 of 25 at 2.00', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const steady = await createBettor(baseURL, `Steady ${tag}`);
  const whale = await createBettor(baseURL, `Whale ${tag}`);
  await recordAndSettle(steady, [
    ...times(15, { result: 'won', odds: '2.00' }),
    ...times(10, { result: 'lost', odds: '2.00' }),
  ]);
  await recordAndSettle(whale, [
    ...times(24, { result: 'lost', amount: '1', odds: '2.00' }),
    { result: 'won', amount: '99999', odds: '1.01' },
  ]);
  await page.goto('/spotlight?period=week');
  const steadyRow = await reveal(page, 'Week', steady.name);
  const whaleRow = await reveal(page, 'Week', whale.name);
  // The whale made the more money, and ranks lower.
  await expect(whaleRow).toContainText('+$975.99');
  await expect(whaleRow).toContainText('-96.0%');
  await expect(steadyRow).toContainText('+$50.00');
  await expect(steadyRow).toContainText('+20.0%');
  await expect(steadyRow).toContainText('-19.2% to +59.2%');
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
        minSettledBets: 20,
        total: 0,
        entries: [],
        nextOffset: null,
      },
    });
  });
  await page.goto('/spotlight?period=week');
  await expect(page.getByRole('heading', { name: 'No one qualifies yet' })).toBeVisible();
  await expect(
    page.getByText('Nobody with a public profile has settled 20 bets won or lost in the last 7 days.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a bet' })).toHaveAttribute('href', '/dashboard');
});

test('fits a 390 px phone and passes axe (WCAG 2 A/AA)', async ({ page, baseURL }) => {
  const bettor = await createBettor(baseURL, `Phone Spot ${Date.now().toString(36)}`);
  await recordAndSettle(bettor, times(20, { result: 'won' }));
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

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const HOUR = 60 * 60 * 1000;

/** A datetime-local value `hours` from now in the browser's time zone (the test runs in the same one). */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

const stat = (page: Page, title: string): Locator => page.getByRole('group', { name: title }).getByTestId('stat-value');

async function fillBet(
  page: Page,
  bet: { description?: string; stake?: string; odds?: string; sport?: string; hours?: number },
) {
  if (bet.description !== undefined) await page.getByLabel('Description').fill(bet.description);
  if (bet.stake !== undefined) await page.getByLabel('Stake ($)').fill(bet.stake);
  if (bet.odds !== undefined) await page.getByLabel('Odds').fill(bet.odds);
  if (bet.sport !== undefined) await page.getByLabel('Sport').selectOption(bet.sport);
  if (bet.hours !== undefined) await page.getByLabel('Event date and time').fill(localInput(bet.hours));
}

async function openDemo(page: Page, button: 'Try the Influencer Demo' | 'Try the Community Demo') {
  await page.goto('/');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
}

test.describe('landing-page demo', () => {
  test('records, validates, settles and deletes bets in memory, then goes back home', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/auth/')) apiCalls.push(`${request.method()} ${path}`);
    });

    await openDemo(page, 'Try the Influencer Demo');
    await expect(page).toHaveTitle('Demo · betproof');
    await expect(page.getByText('No bets recorded yet')).toBeVisible();
    await expect(stat(page, 'Total Bets')).toHaveText('0');
    await expect(stat(page, 'Win Rate')).toHaveText('0.0%');
    await expect(stat(page, 'Total Staked')).toHaveText('$0.00');
    await expect(stat(page, 'Total Profit')).toHaveText('$0.00');

    // Every field is required.
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Please fill in all fields')).toBeVisible();
    await fillBet(page, { description: 'Lakers ML vs Celtics', stake: '10', odds: '+150', sport: 'basketball' });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Please fill in all fields')).toHaveCount(2);
    await expect(page.getByTestId('demo-bet')).toHaveCount(0);

    // The 6-hour rule, in the spec's words.
    await fillBet(page, { hours: 2 });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    const tooSoon = toast(page, 'Invalid Event Time');
    await expect(tooSoon).toBeVisible();
    await expect(tooSoon).toContainText('Bets can only be recorded for events starting at least 6 hours from now');
    await expect(page.getByTestId('demo-bet')).toHaveCount(0);

    // The potential win is the shared calculation: $10 at +150 pays $25.00.
    await fillBet(page, { hours: 30 });
    await expect(page.getByText('Potential win: $25.00')).toBeVisible();
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Bet Recorded')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(1);
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(stat(page, 'Total Bets')).toHaveText('1');
    await expect(stat(page, 'Total Staked')).toHaveText('$10.00');

    await fillBet(page, { description: 'Chiefs -3.5', stake: '110', odds: '-110', sport: 'football', hours: 48 });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await fillBet(page, { description: 'Arsenal to win', stake: '20', odds: '5/2', sport: 'soccer', hours: 72 });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(page.getByTestId('demo-bet')).toHaveCount(3);
    await expect(stat(page, 'Total Staked')).toHaveText('$140.00');

    const bet = (name: string) => page.getByTestId('demo-bet').filter({ hasText: name });
    // Won: profit = potential win − stake ($10 at +150 → +$15.00).
    await bet('Lakers ML vs Celtics').getByRole('button', { name: 'Won' }).click();
    await expect(toast(page, 'Bet marked as won')).toBeVisible();
    await expect(bet('Lakers ML vs Celtics')).toContainText('Won');
    await expect(bet('Lakers ML vs Celtics')).toContainText('+$15.00');
    await expect(bet('Lakers ML vs Celtics').getByRole('button', { name: 'Won' })).toHaveCount(0);
    await expect(stat(page, 'Win Rate')).toHaveText('100.0%');
    await expect(stat(page, 'Total Profit')).toHaveText('$15.00');

    // Lost: −stake. The win rate divides by every non-pending bet.
    await bet('Arsenal to win').getByRole('button', { name: 'Lost' }).click();
    await expect(toast(page, 'Bet marked as lost')).toBeVisible();
    await expect(bet('Arsenal to win')).toContainText('-$20.00');
    await expect(stat(page, 'Win Rate')).toHaveText('50.0%');
    await expect(stat(page, 'Total Profit')).toHaveText('-$5.00');
    await expect(stat(page, 'Total Profit')).toHaveClass(/text-negative/);

    // Delete.
    await bet('Arsenal to win').getByRole('button', { name: 'Delete bet: Arsenal to win' }).click();
    await expect(toast(page, 'Bet deleted')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(2);
    await expect(stat(page, 'Total Bets')).toHaveText('2');
    await expect(stat(page, 'Total Staked')).toHaveText('$120.00');
    await expect(stat(page, 'Total Profit')).toHaveText('$15.00');
    await expect(stat(page, 'Total Profit')).toHaveClass(/text-positive/);

    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');

    // Demo data is local only: nothing went to the API.
    expect(apiCalls).toEqual([]);
  });

  test('opens from the community section too, and bad odds get a clear message', async ({ page }) => {
    await openDemo(page, 'Try the Community Demo');
    await fillBet(page, { description: 'Djokovic to win', stake: '5', odds: 'evens', sport: 'tennis', hours: 24 });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Invalid odds')).toContainText(
      'use American (+150 or -110), decimal (2.50) or fractional',
    );
    await expect(page.getByTestId('demo-bet')).toHaveCount(0);
    // The browser's Back button leaves the demo as well.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');
  });

  test('the closing call to action opens the demo without signing up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the Demo, No Signup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/auth');
  });
});

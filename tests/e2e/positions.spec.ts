import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createBettor, recordGraded } from './support/community.ts';

/*
 * A pick entered three times is one position on the record: a visitor reads one row (the stakes
 * summed, the odds weighted by stake, one result), opens "Position: 3 bets" and reads each bet's
 * stake, odds and when it was recorded; the owner's own list shows the same. By hand: $10 at 1.60,
 * $30 at 1.80 and $10 at 2.00 are $50 at 1.80, won: +$40.00.
 */

const positionRow = (page: Page, list: string) =>
  page
    .getByRole('list', { name: list })
    .locator(':scope > li')
    .filter({ has: page.getByRole('button', { name: 'Position: 3 bets' }) });

async function readPosition(page: Page, list: string) {
  const lists = page.getByRole('list', { name: list }).locator(':scope > li');
  // Two rows: the position and the other pick, not four bets.
  await expect(lists).toHaveCount(2);
  const row = positionRow(page, list);
  await expect(row.getByText('Won', { exact: true })).toBeVisible();
  await expect(row.getByText('3 bets, one pick')).toBeVisible();
  await expect(row).toContainText('Odds1.80');
  await expect(row).toContainText('Stake$50.00');
  await expect(row).toContainText('Profit/Loss+$40.00');

  const toggle = row.getByRole('button', { name: 'Position: 3 bets' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByRole('list', { name: 'Bets of this position' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const parts = row.getByRole('list', { name: 'Bets of this position' }).getByRole('listitem');
  await expect(parts).toHaveCount(3);
  // First recorded first, each with when it was recorded: 3 days ago, before a game that started
  // an hour or so ago.
  await expect(parts.nth(0)).toContainText('$10.00 at 1.60');
  await expect(parts.nth(1)).toContainText('$30.00 at 1.80');
  await expect(parts.nth(2)).toContainText('$10.00 at 2.00');
  for (const i of [0, 1, 2]) await expect(parts.nth(i)).toContainText(/Recorded 2 d \d+ h before the event \(/);
  return row;
}

test('a pick entered three times shows as one position with its three bets', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const bettor = await createBettor(baseURL, 'Position Pat');
  await recordGraded(baseURL, bettor, [
    { result: 'won', odds: '1.60', amount: '10' },
    { result: 'lost', odds: '2.50', amount: '10' },
    { result: 'won', odds: '1.80', amount: '30', sameGameAs: 0 },
    { result: 'won', odds: '2.00', amount: '10', sameGameAs: 0 },
  ]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${bettor.username}`);
    const row = await readPosition(page, 'Betting Record');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`position-${width}.png`) });
  }

  // The owner's own profile lists it the same way.
  await page.context().addCookies((await bettor.api.storageState()).cookies);
  await page.goto('/profile');
  await readPosition(page, 'Recent Bets');
  await bettor.api.dispose();
});

import type { Locator, Page } from '@playwright/test';
import { FIGURES } from '../../src/shared/figures.ts';
import { DEFAULT_PASSWORD, expect, signInAsAdmin, test } from './support/fixtures.ts';
import { createBettor, recordGraded, searchDirectory, times } from './support/community.ts';
import { statValue } from './support/page.ts';

/*
 * One number, one name, everywhere (src/shared/figures.ts): a bettor's record of 18 won and 12
 * lost graded picks, $10 each at 2.00, read on every page that shows it, as a visitor and as its
 * owner reads them. Each page must give the same value under the same name: win rate 60.0%,
 * total profit +$60.00 (18 × $10 − 12 × $10), yield +20.0% ($60 over 30 level stakes of $10).
 * The Spotlight's month holds every pick (all were played in the last hours), so its figures are
 * the record's too.
 */
const WIN_RATE = '60.0%';
const PROFIT = '+$60.00';
const YIELD = '+20.0%';

/** A figure of a community row (a <dt> and the <dd> after it), by its name. */
const figure = (row: Locator, label: string) =>
  row
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Clicks 'Show more' until `target` is on the page (other specs' bettors may come first). */
async function reveal(page: Page, target: Locator) {
  for (let i = 0; i < 20 && !(await target.isVisible()); i++) {
    const more = page.getByRole('button', { name: 'Show more' });
    if (!(await more.isVisible())) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await expect(target).toBeVisible();
}

test('a record’s figures read the same, under the same names, on the dashboard, its profile, the Spotlight, the directory and the admin’s users', async ({
  page,
  baseURL,
}) => {
  // Thirty graded picks go through the admin's imports and a request each: slow on a loaded machine.
  test.slow();
  const name = `Figures ${Date.now().toString(36)}`;
  const bettor = await createBettor(baseURL, name);
  await recordGraded(baseURL, bettor, [
    ...times(18, { result: 'won', odds: '2.00', amount: '10' }),
    ...times(12, { result: 'lost', odds: '2.00', amount: '10' }),
  ]);

  // The public profile, as a visitor reads it.
  await page.goto(`/${bettor.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(statValue(page, FIGURES.winRate.label)).toHaveText(WIN_RATE);
  await expect(statValue(page, FIGURES.totalProfit.label)).toHaveText(PROFIT);
  await expect(page.getByText(`${FIGURES.levelStakesYield.label} ${YIELD}`)).toBeVisible();

  // The directory's card.
  await page.goto('/influencers');
  await searchDirectory(page, name);
  const card = page
    .getByRole('list', { name: 'Bettors' })
    .getByTestId('influencer-card')
    .filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toHaveCount(1);
  await expect(figure(card, FIGURES.winRate.label)).toHaveText(WIN_RATE);
  await expect(figure(card, FIGURES.totalProfit.label)).toHaveText(PROFIT);
  await expect(card.getByTestId('yield')).toContainText(`${FIGURES.levelStakesYield.label} ${YIELD}`);

  // The Spotlight's month.
  await page.goto('/spotlight');
  const entry = page.getByRole('list', { name: 'Month leaderboard' }).getByRole('article', { name, exact: true });
  await reveal(page, entry);
  await expect(figure(entry, FIGURES.winRate.label)).toHaveText(WIN_RATE);
  await expect(figure(entry, FIGURES.levelStakesYield.label)).toHaveText(YIELD);
  await expect(figure(entry, `${FIGURES.settledBets.label} \\(won\\)`)).toHaveText('30 (18)');

  // The owner's dashboard.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: bettor.email, password: DEFAULT_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/dashboard');
  await expect(statValue(page, FIGURES.winRate.label)).toHaveText(WIN_RATE);
  await expect(statValue(page, FIGURES.totalProfit.label)).toHaveText(PROFIT);
  await expect(page.getByText(`${FIGURES.levelStakesYield.label}: ${YIELD}`)).toBeVisible();

  // The admin's users table: the same win rate and count of bets, under the same names.
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search users').fill(bettor.email);
  const table = page.getByRole('table', { name: 'Users, newest first' });
  const row = table.getByRole('row').filter({ hasText: bettor.email });
  await expect(row).toHaveCount(1);
  const column = async (label: string) =>
    (await table.getByRole('columnheader').allTextContents()).findIndex((text) => text.trim() === label);
  await expect(row.getByRole('cell').nth(await column(FIGURES.winRate.label))).toHaveText(WIN_RATE);
  await expect(row.getByRole('cell').nth(await column(FIGURES.totalBets.label))).toHaveText('30');
  await bettor.api.dispose();
});

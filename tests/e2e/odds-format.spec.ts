import type { Page } from '@playwright/test';
import { recordBet } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { DAY_MS } from '../../src/shared/time-units.ts';

/*
 * The odds format a reader chooses in Settings: every list shows odds in it, the dashboard and a
 * public profile alike, with the odds as recorded on hover.
 */

const betRow = (page: Page, description: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(description, { exact: true }) });

/** The odds shown in a bet's row: the element whose title is the odds as recorded. */
const shownOdds = (page: Page, description: string, recorded: string) =>
  betRow(page, description).getByTitle(`As recorded: ${recorded}`, { exact: true });

test('odds follow the format chosen in Settings on the dashboard and the public profile', async ({ page }) => {
  await signedInUser(page);
  await recordBet(
    page.request,
    { description: 'Spurs to win', amount: '10.00', sport: 'soccer', odds: '3/2' },
    { startsIn: DAY_MS },
  );
  await recordBet(
    page.request,
    { description: 'Lakers -4.5', amount: '10.00', sport: 'basketball', odds: '1.50' },
    { startsIn: DAY_MS },
  );
  const profile = await page.request.get('/api/profile');
  const { username } = (await profile.json()) as { username: string };

  // Decimal until the reader chooses otherwise.
  await page.goto('/dashboard');
  await expect(shownOdds(page, 'Spurs to win', '3/2')).toHaveText('2.50');
  await expect(shownOdds(page, 'Lakers -4.5', '1.50')).toHaveText('1.50');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Display' }).click();
  const decimal = dialog.getByRole('radio', { name: /^Decimal/ });
  await expect(decimal).toBeChecked();
  await dialog.getByRole('radio', { name: 'American (+150, -110)' }).check();
  await expect(decimal).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The profile behind the dialog changed at once.
  await expect(shownOdds(page, 'Spurs to win', '3/2')).toHaveText('+150');

  // A fresh load of each page, as the server renders it and the browser takes it over.
  const dashboard = await page.goto('/dashboard');
  expect(await dashboard!.text()).toContain('title="As recorded: 3/2">+150<');
  await expect(shownOdds(page, 'Spurs to win', '3/2')).toHaveText('+150');
  await expect(shownOdds(page, 'Lakers -4.5', '1.50')).toHaveText('-200');

  const publicPage = await page.goto(`/${username}`);
  expect(await publicPage!.text()).toContain('title="As recorded: 1.50">-200<');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shownOdds(page, 'Spurs to win', '3/2')).toHaveText('+150');
  await expect(shownOdds(page, 'Lakers -4.5', '1.50')).toHaveText('-200');

  // Fractional the same way.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Display' }).click();
  await dialog.getByRole('radio', { name: /^Fractional/ }).check();
  await page.keyboard.press('Escape');
  await page.goto(`/${username}`);
  await expect(shownOdds(page, 'Spurs to win', '3/2')).toHaveText('3/2');
  await expect(shownOdds(page, 'Lakers -4.5', '1.50')).toHaveText('1/2');
});

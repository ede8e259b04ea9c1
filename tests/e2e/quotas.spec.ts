/**
 * Per-user write quota (src/server/edge/quotas.ts) as a person meets it: the e2e server runs with the
 * default quota (60 writes a minute), which a test uses up through the API before the person
 * writes in the page; every test is its own account, so no other spec comes near it. The form says
 * what happened and keeps what was typed; once the wait is over (the server's clock moved on for
 * the request, X-Test-Clock-Offset) the same form goes through.
 */
import type { Page } from '@playwright/test';
import { EMPTY_SOCIAL_LINKS } from '../../src/shared/profiles.ts';
import { QUOTA_DEFAULTS } from '../../src/shared/quotas.ts';
import { CLOCK_HEADER } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { localDateTimeIn } from './support/page.ts';

/** Uses up the signed-in user's writes for this minute (settings saves: the cheapest write). */
async function useUpWriteQuota(page: Page) {
  for (let i = 0; i < QUOTA_DEFAULTS.writesPerMinute; i++) {
    const res = await page.request.put('/api/profile/settings', {
      data: { profilePublic: true, social: EMPTY_SOCIAL_LINKS },
    });
    expect(res.status(), `write ${i + 1}: ${await res.text()}`).toBe(200);
  }
}

/** From now on the page's requests to `path` reach a server whose clock is a minute ahead. */
const aMinuteLater = (page: Page, path: string) =>
  page.route(
    (url) => url.pathname === path,
    (route) => route.continue({ headers: { ...route.request().headers(), [CLOCK_HEADER]: String(61_000) } }),
  );

const REFUSED = (activity: string) =>
  new RegExp(`^You're ${activity} too fast\\. Try again in \\d+ seconds\\. What you entered is kept\\.$`);

test('recording a bet over the write quota: the dialog says wait, keeps the bet, and records it after the wait', async ({
  page,
}) => {
  await signedInUser(page);
  await useUpWriteQuota(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await dialog.getByLabel('Description').fill('Nadal in four sets');
  await dialog.getByLabel('Stake ($)').fill('12.50');
  await dialog.getByLabel('Odds').fill('-110');
  await dialog.getByLabel('Sport').click();
  await page.getByRole('option', { name: 'Tennis', exact: true }).click();
  const when = await localDateTimeIn(page, 30);
  await dialog.getByLabel('Event date & time').fill(when);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(REFUSED('recording bets'));
  await expect(dialog.getByLabel('Description')).toHaveValue('Nadal in four sets');
  await expect(dialog.getByLabel('Stake ($)')).toHaveValue('12.50');
  await expect(dialog.getByLabel('Odds')).toHaveValue('-110');
  await expect(dialog.getByLabel('Sport')).toHaveText('Tennis');
  await expect(dialog.getByLabel('Event date & time')).toHaveValue(when);
  // Nothing was recorded.
  const bets = (await (await page.request.get('/api/bets')).json()) as { bets: unknown[] };
  expect(bets.bets).toEqual([]);

  await aMinuteLater(page, '/api/bets');
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recent Bets' }).getByText('Nadal in four sets')).toBeVisible();
});

test('saving settings over the write quota: the dialog says wait and keeps the links typed', async ({ page }) => {
  await signedInUser(page);
  await useUpWriteQuota(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Twitter').fill('quota_tester');
  await dialog.getByLabel('Website').fill('https://quota.example/picks');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog.getByRole('alert')).toHaveText(REFUSED('saving profile changes'));
  await expect(dialog.getByLabel('Twitter')).toHaveValue('quota_tester');
  await expect(dialog.getByLabel('Website')).toHaveValue('https://quota.example/picks');

  await aMinuteLater(page, '/api/profile/settings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const profile = (await (await page.request.get('/api/profile')).json()) as { social: { twitter: string } };
  expect(profile.social.twitter).toBe('quota_tester');
});

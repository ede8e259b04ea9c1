import type { Page } from '@playwright/test';
import { expect, loadsUntilHydrated, signedInUser, test, uniqueEmail } from './support/fixtures.ts';

/**
 * A new account's username is neutral (bettor_xxxxxx, nothing from the email); the dashboard
 * offers to pick a real one, checking as the owner types, and skipping is fine.
 */

const card = (page: Page) => page.getByRole('region', { name: 'Choose your username' });

async function ownUsername(page: Page): Promise<string> {
  const res = await page.request.get('/api/profile');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { username: string }).username;
}

/** A name nobody has yet (3-30 of a-z 0-9 _ .). */
const freshName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a new account picks its username on the dashboard, told at once what is wrong or free', async ({
  page,
  browser,
}) => {
  // Someone else's chosen name, to collide with.
  const other = loadsUntilHydrated(await browser.newPage());
  await signedInUser(other);
  const taken = freshName('taken');
  const rename = await other.request.patch('/api/profile', { data: { username: taken } });
  expect(rename.status()).toBe(200);
  await other.close();

  await signedInUser(page, { email: uniqueEmail('jane.doe') });
  const neutral = await ownUsername(page);
  // Nothing from the email.
  expect(neutral).toMatch(/^bettor_[0-9a-z]{6}$/);

  await page.goto('/dashboard');
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText(`For now your profile is @${neutral}.`);
  const field = card(page).getByLabel('Username');
  const status = card(page).getByRole('status');

  const refusals: [string, string][] = [
    ['ab', 'Username must be at least 3 characters'],
    ['has space', 'Use only lowercase letters, digits, _ and .'],
    ['Admin', 'That username is reserved'],
    ['favicon.svg', 'That username is reserved'],
    [taken.toUpperCase(), 'That username is taken'],
  ];
  for (const [typed, message] of refusals) {
    await field.fill(typed);
    await expect(status, typed).toHaveText(message);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(card(page).getByRole('button', { name: 'Save username' })).toBeDisabled();

  const chosen = freshName('picked');
  await field.fill(` ${chosen.toUpperCase()} `);
  await expect(status).toHaveText(`@${chosen} is available`);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await card(page).getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByText('Username saved', { exact: true })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  expect(await ownUsername(page)).toBe(chosen);

  // Gone for good, and the profile is at the new name.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Bets' })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText(`@${chosen}`, { exact: true })).toBeVisible();
});

test('the name is checked again when saving: one taken meanwhile is refused and what was typed stays', async ({
  page,
  browser,
}) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  const wanted = freshName('race');
  const field = card(page).getByLabel('Username');
  await field.fill(wanted);
  await expect(card(page).getByRole('status')).toHaveText(`@${wanted} is available`);

  const other = loadsUntilHydrated(await browser.newPage());
  await signedInUser(other);
  expect((await other.request.patch('/api/profile', { data: { username: wanted } })).status()).toBe(200);
  await other.close();

  await card(page).getByRole('button', { name: 'Save username' }).click();
  await expect(card(page).getByRole('status')).toHaveText('That username is taken');
  await expect(field).toHaveValue(wanted);
  expect(await ownUsername(page)).toMatch(/^bettor_[0-9a-z]{6}$/);
});

test('skipping keeps the neutral name, the card stays away, and the name can be picked later on the profile', async ({
  page,
}) => {
  await signedInUser(page);
  const neutral = await ownUsername(page);
  // The server renders the card for the account that has not chosen yet: it is in the first paint.
  const before = await (await page.request.get('/dashboard')).text();
  expect(before).toContain('Choose your username</h2>');
  await page.goto('/dashboard');
  await card(page).getByRole('button', { name: 'Skip for now' }).click();
  await expect(card(page)).toHaveCount(0);
  // ...and, once skipped in this browser (a cookie it sends), renders the dashboard without it.
  const after = await (await page.request.get('/dashboard')).text();
  expect(after).toContain('Recent Bets');
  expect(after).not.toContain('Choose your username');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Bets' })).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  expect(await ownUsername(page)).toBe(neutral);

  // Later, on the profile.
  await page.goto('/profile');
  await expect(page.getByText(`@${neutral}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit username' }).click();
  const later = freshName('later');
  await page.getByLabel('Username').fill(later);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`@${later}`, { exact: true })).toBeVisible();
  expect(await ownUsername(page)).toBe(later);
});

test('the username card at 390 px and 1280 px', async ({ page }, testInfo) => {
  await signedInUser(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard');
    await expect(card(page)).toBeVisible();
    await card(page).getByLabel('Username').fill('jane.doe');
    await expect(card(page).getByRole('status')).not.toHaveText('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await card(page).screenshot({ path: testInfo.outputPath(`username-card-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`) });
  }
});

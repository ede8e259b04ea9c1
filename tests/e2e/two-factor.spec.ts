import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { freshTotpCode } from '../../src/server/test/totp.ts';
import { DEFAULT_PASSWORD, expect, signedInUser, test } from './support/fixtures.ts';

/**
 * Two-factor sign-in as a person uses it : turning it on in Settings → Security
 * (the setup key read from the page, the code computed here as an authenticator app would), the
 * recovery codes shown once and downloaded, then signing in with a code and with a recovery code.
 */

const header = (page: Page) => page.getByRole('banner');

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

async function signOut(page: Page) {
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

/** Settings → Security on the own profile. */
async function openSecurity(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Security' }).click();
  return dialog;
}

test('turn on two-factor sign-in, then sign in with a code and with a recovery code', async ({ page }) => {
  test.slow(); // three sign-ins and axe three times
  const { email } = await signedInUser(page);

  // Turning it on: the password, the QR code and the key as text, the first code.
  const dialog = await openSecurity(page);
  await expect(dialog.getByText('Two-factor authentication is off')).toBeVisible();
  await dialog.getByLabel('Current password').fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(DEFAULT_PASSWORD);
  await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();

  await expect(dialog.getByRole('img', { name: 'QR code to add betproof to your authenticator app' })).toBeVisible();
  const secret = await dialog.getByLabel('Setup key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await dialog.getByLabel('Authentication code').fill('000000');
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(dialog.getByText('That code is not right.')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByLabel('Authentication code').fill(await freshTotpCode(secret));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();

  // The recovery codes, once, with a Download of the same codes as a .txt file.
  await expect(dialog.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const codes = await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('betproof-recovery-codes.txt');
  const text = readFileSync(await download.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(dialog.getByText('Two-factor authentication is on')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Signing in now takes a code after the password; a wrong one keeps what was typed.
  await signOut(page);
  await passwordStep(page, email);
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveValue('000000');
  await expectNoA11yViolations(page);
  await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // A recovery code instead of the app, once.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');

  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That recovery code is not right, or was already used.')).toBeVisible();
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');

  // Turning it off takes the password; then the password alone signs in again.
  const settings = await openSecurity(page);
  await settings.getByLabel('Current password').fill(DEFAULT_PASSWORD);
  await settings.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(settings.getByText('Two-factor authentication is off')).toBeVisible();
  await page.keyboard.press('Escape');
  await signOut(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/dashboard');
});

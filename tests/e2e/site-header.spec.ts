import type { Page } from '@playwright/test';
import { expect, signedInUser, test, signInAsAdmin } from './support/fixtures.ts';

const siteNav = (page: Page) => page.getByRole('navigation', { name: 'Site' });
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

test('at 1280 px the header links the Spotlight and the directory of influencers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'More pages' })).toBeHidden();
  await siteNav(page).getByRole('link', { name: 'Spotlight' }).click();
  await expect(page).toHaveURL(/\/spotlight$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bettor Spotlight' })).toBeVisible();
  await siteNav(page).getByRole('link', { name: 'Influencers' }).click();
  await expect(page).toHaveURL(/\/influencers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Follow bettors whose record you can check');
});

test('on a phone the same pages are in the More pages menu, which closes on the way', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/about');
  await expect(siteNav(page).getByRole('link', { name: 'Spotlight' })).toBeHidden();
  const more = page.getByRole('button', { name: 'More pages' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'More pages' });
  await expect(menu.getByRole('link')).toHaveText(['Spotlight', 'Influencers']);
  await menu.getByRole('link', { name: 'Influencers' }).click();
  await expect(page).toHaveURL(/\/influencers$/);
  await expect(menu).toBeHidden();
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  await more.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
});

test('a bettor has no Admin link; an admin has one, in the header and in the phone menu, which also signs out', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInUser(page);
  await page.goto('/dashboard');
  await expect(accountNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: 'Following' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await accountNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await expect(accountNav(page).getByRole('link', { name: 'Admin' })).toBeHidden();
  await page.getByRole('button', { name: 'More pages' }).click();
  await expect(page.getByRole('navigation', { name: 'More pages' }).getByRole('link')).toHaveText([
    'Spotlight',
    'Influencers',
    'Following',
    'Admin',
  ]);
  // A phone's header has no room for Sign Out either: it is the menu's last item.
  await expect(accountNav(page).getByRole('button', { name: 'Sign Out' })).toBeHidden();
  await page.getByRole('navigation', { name: 'More pages' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
});

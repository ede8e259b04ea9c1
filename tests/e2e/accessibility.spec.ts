import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** axe-core with the WCAG 2 A and AA rules; toasts come and go, so they are left out. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** Every landmark the layout promises, and exactly one <h1>. */
async function expectLandmarks(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

const ROUTES: { path: string; h1: string | RegExp }[] = [
  { path: '/', h1: 'Track your betting performance with precision' },
  { path: '/about', h1: 'About betproof' },
  { path: '/contact', h1: 'Contact Us' },
  { path: '/follow', h1: 'Follow betproof' },
  { path: '/advertise', h1: 'Advertise with betproof' },
  { path: '/terms', h1: 'Terms of Use' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/cookies', h1: 'Cookie Policy' },
  { path: '/auth', h1: 'Welcome to betproof' },
  { path: '/reset-password', h1: 'Reset link not valid' },
  { path: '/reset-password?token=e2e-token', h1: 'Choose a new password' },
  { path: '/no-such/page', h1: 'Oops! Page not found' },
];

test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  for (const { path, h1 } of ROUTES) {
    for (const width of [1280, 360]) {
      test(`${path} at ${width} px has no violations`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        await expectLandmarks(page);
        await expectNoViolations(page);
      });
    }
  }

  test('the demo, with bets in it, has no violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the Influencer Demo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
    await expectLandmarks(page);
    await expectNoViolations(page);

    const inHours = new Date(Date.now() + 30 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${inHours.getFullYear()}-${pad(inHours.getMonth() + 1)}-${pad(inHours.getDate())}T${pad(inHours.getHours())}:${pad(inHours.getMinutes())}`;
    for (const [description, odds] of [
      ['Lakers ML vs Celtics', '+150'],
      ['Chiefs -3.5', '-110'],
    ] as const) {
      await page.getByLabel('Description').fill(description);
      await page.getByLabel('Stake ($)').fill('10');
      await page.getByLabel('Odds').fill(odds);
      await page.getByLabel('Sport').selectOption('football');
      await page.getByLabel('Event date and time').fill(local);
      await page.getByRole('button', { name: 'Record Bet' }).click();
    }
    // The new bets wait for their events (Won and Lost disabled, with the reason); a sample bet whose event has
    // started is settled.
    await expect(page.getByTestId('demo-bet').first().getByRole('button', { name: 'Won' })).toBeDisabled();
    const started = page.getByTestId('demo-bet').filter({ hasText: 'Celtics -4.5 vs Knicks' });
    await started.getByRole('button', { name: 'Won' }).click();
    // Settling asks first, as the app does; the open confirmation has no violations either.
    const confirm = page.getByRole('alertdialog', { name: 'Mark as won?' });
    await expectNoViolations(page);
    await confirm.getByRole('button', { name: 'Mark as won' }).click();
    await expect(started).toContainText('+$45.45');
    await expectNoViolations(page);
  });

  test('forms showing their validation errors have no violations', async ({ page }) => {
    for (const [path, button] of [
      ['/contact', 'Send Message'],
      ['/advertise', 'Send Inquiry'],
      ['/follow', 'Subscribe'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expectNoViolations(page);
    }
  });

  test('keyboard: a visitor can reach and send the contact form without a mouse', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    // Tab from the start of the content into the form's first field.
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    for (let i = 0; i < 20 && !(await name.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(name).toBeFocused();
    await page.keyboard.type('Kim Keyboard');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kim@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sent with the keyboard only.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Message Sent!' })).toBeVisible();
  });
});

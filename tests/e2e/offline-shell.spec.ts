import { expect, signedInUser, test } from './support/fixtures.ts';

/*
 * The installed app's offline shell: a dashboard visited once opens again without a network, says
 * it is offline, and leaves recording until the network is back; signing out drops the copy.
 */

test('the dashboard opens offline, says so, and recording waits for the network', async ({ page, context }) => {
  await signedInUser(page, { name: 'Offline Olive' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Offline Olive!' })).toBeVisible();

  // The worker keeps the page and every build file it loaded.
  const kept = () =>
    page.evaluate(async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
      const page = await caches.match('/dashboard');
      const missing = await Promise.all(
        files.map(async (url) => ((await caches.match(url.href)) ? null : url.pathname)),
      );
      return { page: page?.status ?? null, missing: missing.filter(Boolean) };
    });
  await expect.poll(kept).toEqual({ page: 200, missing: [] });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back, Offline Olive!' })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(notice).toHaveText(
    "You're offlineThis is your dashboard as it was last loaded. Recording a bet waits for the network: the server stamps the time it was recorded.",
  );
  await expect(page.getByRole('button', { name: 'Record New Bet' })).toBeDisabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`offline-dashboard-${width}.png`) });
  }

  // Back online: the notice goes and the button works.
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  await expect(page.getByRole('dialog', { name: 'Record New Bet' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Signing out drops the kept dashboard: offline, there is nothing of the account to open.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(async () => (await caches.match('/dashboard')) === undefined)).toBe(true);
});

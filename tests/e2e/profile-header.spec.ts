import { expect, signedInUser, test } from './support/fixtures.ts';
import { createBettor } from './support/community.ts';
import { layoutShift, watchLayoutShifts } from './support/page.ts';

/*
 * A public profile's page, for a signed-in reader, comes from the server with their header
 * (Dashboard, Following, Profile, Sign Out) already in it, as every page with a session does: the
 * page the server sends is the final one, and nothing moves as the browser takes it over. Signed
 * out, the page kept by record version offers to sign in.
 */

for (const width of [390, 1280])
  test(`a signed-in reader sees their own header on a bettor's public profile, and nothing moves (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tipster = await createBettor(baseURL, `Header Tipster ${Date.now().toString(36)}`);
    await signedInUser(page, { name: 'Header Reader' });
    await watchLayoutShifts(page);

    const res = await page.goto(`/${tipster.username}`);
    expect(res?.status()).toBe(200);
    // The server's page is the reader's: its header has their account links, not Sign In.
    const html = (await res?.text()) ?? '';
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('Dashboard');
    expect(header).toContain('Sign Out');
    expect(header).not.toContain('Sign In');

    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Profile' })).toBeVisible();
    // On a phone, Following and Sign Out are in the More pages menu.
    if (width === 1280) {
      await expect(account.getByRole('link', { name: 'Following' })).toBeVisible();
      await expect(account.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    }
    await page.screenshot({ path: test.info().outputPath(`profile-header-${width}.png`) });
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);

    await account.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Header Reader!' })).toBeVisible();

    // Signed out, the same profile's header offers to sign in.
    await page.context().clearCookies();
    await page.goto(`/${tipster.username}`);
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveCount(0);
  });

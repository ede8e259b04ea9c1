/**
 * True statuses: an address that is no page answers 404 and shows the not-found page;
 * old addresses redirect to the pages they mean.
 */
import { expect, signedInUser, test } from './support/fixtures.ts';

test('an address that is no page answers 404 and shows the not-found page', async ({ page }) => {
  const deep = await page.goto('/some/where');
  expect(deep?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · betproof');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');

  // One segment reads as a username: no such profile, so the profile's not-found view, still a 404.
  const pricing = await page.goto('/pricing');
  expect(pricing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();

  const landing = await page.goto('/');
  expect(landing?.status()).toBe(200);
});

test('the server’s own HTML for an unknown, impossible or private username is the finished not-found page', async ({
  page,
  playwright,
}, testInfo) => {
  await signedInUser(page);
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };
  const hidden = await page.request.put('/api/profile/settings', {
    data: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
  });
  expect(hidden.status()).toBe(200);
  // As a crawler or a link preview reads it: no JavaScript, no session.
  const crawler = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const [address, heading] of [
    ['/no_such_bettor_here', 'Profile Not Found'],
    ['/a-b', 'Profile Not Found'],
    ['/No%20Such', 'Profile Not Found'],
    // Private: the server says no more than for a missing name (modules/profiles/og.ts).
    [`/${username}`, 'Profile Not Found'],
  ]) {
    const res = await crawler.get(address!);
    expect(res.status(), address).toBe(404);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    expect(html, address).toContain(`${heading}</h1>`);
    expect(html, address).not.toContain('Loading profile');
  }
  await crawler.dispose();
});

test('/login, /signup and /@name redirect to the pages they mean', async ({ page }) => {
  const login = await page.goto('/login');
  expect(login?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/signup');
  await expect(page).toHaveURL('/auth?mode=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  await signedInUser(page);
  const res = await page.request.get('/api/profile');
  const { username } = (await res.json()) as { username: string };
  const profile = await page.goto(`/@${username}`);
  expect(profile?.status()).toBe(200);
  await expect(page).toHaveURL(`/${username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(username);
});

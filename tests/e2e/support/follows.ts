/** The two people of the following specs: a bettor with a display name, and a follower in a browser of their own. */
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { loadsUntilHydrated, signedInUser } from './fixtures.ts';

let contextCounter = 0;

/** A second signed-in person in a browser of their own (own cookies, own client address). */
export async function secondPerson(browser: Browser, testInfo: TestInfo) {
  contextCounter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `172.31.${testInfo.workerIndex % 250}.${(contextCounter % 250) + 1}` },
  });
  const page = loadsUntilHydrated(await context.newPage());
  const user = await signedInUser(page);
  return { context, page, ...user };
}

/** Signs a new bettor in on `page` with `displayName` to follow them by; their username. */
export async function namedBettor(page: Page, displayName: string): Promise<string> {
  await signedInUser(page);
  const named = await page.request.patch('/api/profile', { data: { displayName } });
  expect(named.status(), await named.text()).toBe(200);
  const { username } = (await named.json()) as { username: string };
  return username;
}

/** The follower presses Follow on the bettor's profile, as a person would. */
export async function followOnProfile(fan: Page, username: string, displayName: string) {
  await fan.goto(`/${username}`);
  await fan.getByRole('button', { name: `Follow ${displayName}` }).click();
  await expect(fan.getByRole('button', { name: `Unfollow ${displayName}` })).toBeVisible();
}

import type { Page } from '@playwright/test';
import { DEFAULT_PASSWORD, expect, signedInUser, test } from './support/fixtures.ts';
import {
  createBettor,
  recordAndSettle,
  recordGraded,
  searchDirectory,
  times,
  type Bettor,
} from './support/community.ts';

/*
 * Follow from a list: each row of the Spotlight and of the influencer directory has the profile's
 * Follow / Following button (a visitor is sent to sign in; the viewer's own row has none).
 */

const spotlightEntry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Month leaderboard' }).getByRole('article', { name, exact: true });

/** Opens the Spotlight until the bettor's entry is shown (other specs' bettors may rank above). */
async function spotlightRow(page: Page, name: string) {
  await page.goto('/spotlight');
  const target = spotlightEntry(page, name);
  const board = page.getByRole('list', { name: 'Month leaderboard' });
  await expect(board).toBeVisible();
  for (let i = 0; i < 20 && !(await target.isVisible()); i++) {
    const more = page.getByRole('button', { name: 'Show more' });
    if (!(await more.isVisible())) break;
    const shown = await board.getByRole('article').count();
    await more.click();
    await expect.poll(() => board.getByRole('article').count()).toBeGreaterThan(shown);
  }
  await expect(target).toBeVisible();
  return target;
}

async function signInAs(page: Page, bettor: Bettor) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: bettor.email, password: DEFAULT_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('follow a bettor from the Spotlight: the profile then shows Following and one more follower', async ({
  page,
  baseURL,
}) => {
  // A ranked record takes 30 graded picks through the admin's imports: slow on a loaded machine.
  test.slow();
  const tag = Date.now().toString(36);
  const tipster = await createBettor(baseURL, `Row Follow ${tag}`);
  await recordGraded(baseURL, tipster, times(30, { result: 'won' }));

  // Signed out: Follow leads to sign-in.
  const visitorRow = await spotlightRow(page, tipster.name);
  await visitorRow.getByRole('link', { name: `Follow ${tipster.name}` }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signedInUser(page);
  const row = await spotlightRow(page, tipster.name);
  await row.getByRole('button', { name: `Follow ${tipster.name}` }).click();
  await expect(row.getByRole('button', { name: `Unfollow ${tipster.name}` })).toHaveText('Following');

  await row.getByRole('link', { name: `View Profile of ${tipster.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${tipster.username}$`));
  await expect(page.getByRole('button', { name: `Unfollow ${tipster.name}` })).toHaveText('Following');
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();

  // Back on the Spotlight the row says Following; unfollowing there counts on the profile too.
  const again = await spotlightRow(page, tipster.name);
  await again.getByRole('button', { name: `Unfollow ${tipster.name}` }).click();
  await expect(again.getByRole('button', { name: `Follow ${tipster.name}` })).toHaveText('Follow');
  await page.goto(`/${tipster.username}`);
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();

  // The bettor's own row has no Follow button.
  await page.context().clearCookies();
  await signInAs(page, tipster);
  const own = await spotlightRow(page, tipster.name);
  await expect(own.getByRole('link', { name: `View Profile of ${tipster.name}` })).toBeVisible();
  await expect(own.getByRole('button', { name: /Follow/ })).toHaveCount(0);
});

test('follow a bettor from the influencer directory', async ({ page, baseURL }) => {
  const tag = Date.now().toString(36);
  const tipster = await createBettor(baseURL, `Dir Follow ${tag}`);
  await recordAndSettle(tipster, [{ result: 'won', sport: 'tennis' }]);

  await signedInUser(page);
  await page.goto('/influencers');
  await searchDirectory(page, tag);
  const card = page.getByRole('list', { name: 'Bettors' }).getByRole('article', { name: tipster.name, exact: true });
  await card.getByRole('button', { name: `Follow ${tipster.name}` }).click();
  await expect(card.getByRole('button', { name: `Unfollow ${tipster.name}` })).toHaveText('Following');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath(`directory-follow-${width}.png`) });
  }

  await page.goto(`/${tipster.username}`);
  await expect(page.getByRole('button', { name: `Unfollow ${tipster.name}` })).toBeVisible();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
});

test('a list asks whether its rows are followed in one request, not one per row', async ({ page, baseURL }) => {
  const tag = Date.now().toString(36);
  const followed = await createBettor(baseURL, `Batch One ${tag}`);
  const other = await createBettor(baseURL, `Batch Two ${tag}`);
  await recordAndSettle(followed, [{ result: 'won', sport: 'tennis' }]);
  await recordAndSettle(other, [{ result: 'lost', sport: 'tennis' }]);

  await signedInUser(page);
  const follow = await page.request.post(`/api/profiles/${followed.username}/follow`, {
    headers: { origin: baseURL! },
  });
  expect(follow.status(), await follow.text()).toBe(200);

  const asked: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && /^\/api\/(follows\/state|profiles\/[^/]+\/follow)$/.test(url.pathname))
      asked.push(url);
  });
  await page.goto('/influencers');
  const list = page.getByRole('list', { name: 'Bettors' });
  const rowButtons = list.getByRole('button', { name: /^(Follow|Unfollow) / });
  await expect(rowButtons.first()).toBeEnabled();
  await expect.poll(() => asked.length).toBe(1);
  const [first] = asked;
  expect(first!.pathname).toBe('/api/follows/state');
  expect(first!.searchParams.get('usernames')!.split(',')).toHaveLength(await rowButtons.count());

  // The answer is each row's: the followed bettor's says Following, the other's Follow.
  await searchDirectory(page, tag);
  await expect(list.getByRole('article', { name: followed.name, exact: true }).getByRole('button')).toHaveText(
    'Following',
  );
  await expect(list.getByRole('article', { name: other.name, exact: true }).getByRole('button')).toHaveText('Follow');
  expect(asked.every((url) => url.pathname === '/api/follows/state')).toBe(true);
});

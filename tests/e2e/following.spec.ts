import { recordBet } from './support/bets.ts';
import { expect, test } from './support/fixtures.ts';
import { followOnProfile, namedBettor, secondPerson } from './support/follows.ts';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/time-units.ts';

/*
 * Following: a follower follows a bettor on their profile, the bettor records a pick, and the
 * follower's /following shows it with how long before the start it was recorded.
 */

test('a follower follows a bettor and sees their new pick with its lead time', async ({ page, browser }, testInfo) => {
  // The bettor, with a display name to follow by.
  const username = await namedBettor(page, 'Tipster Tess');

  const follower = await secondPerson(browser, testInfo);
  const fan = follower.page;

  // Nothing followed yet: the feed says how to follow someone.
  await fan.goto('/following');
  await expect(fan.getByRole('heading', { name: 'No picks yet' })).toBeVisible();
  await expect(fan.getByText(/open a public profile .* and press Follow/)).toBeVisible();

  await fan.goto(`/${username}`);
  await expect(fan.getByText('0 followers')).toBeVisible();
  await fan.getByRole('button', { name: 'Follow Tipster Tess' }).click();
  await expect(fan.getByRole('button', { name: 'Unfollow Tipster Tess' })).toHaveText('Following');
  await expect(fan.getByText('1 follower', { exact: true })).toBeVisible();
  // It stays followed on a fresh load (the server's count and state).
  await fan.reload();
  await expect(fan.getByRole('button', { name: 'Unfollow Tipster Tess' })).toBeVisible();

  // The bettor records a pick 27.5 hours before its start.
  await recordBet(
    page.request,
    { description: 'Celtics -4.5 vs Knicks', odds: '-110', sport: 'basketball' },
    {
      startsIn: 27.5 * HOUR_MS,
    },
  );

  await fan.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Following' }).click();
  await expect(fan).toHaveURL(/\/following$/);
  const picks = fan.getByRole('list', { name: 'Picks' });
  const pick = picks.getByRole('listitem').filter({ hasText: 'Celtics -4.5 vs Knicks' });
  await expect(pick).toBeVisible();
  await expect(pick.getByRole('link', { name: 'Tipster Tess' })).toBeVisible();
  await expect(pick.getByText('1 d 3 h before the start')).toBeVisible();
  await expect(pick.getByText('Starts in 1 d 3 h')).toBeVisible();
  await expect(pick.getByText('1.91 · $10.00')).toBeVisible();
  await expect(pick.getByText('Self-reported')).toBeVisible();

  // The filters: another sport hides it; the bettor filter lists the bettor followed.
  await fan.getByLabel('Sport').selectOption('Tennis');
  await expect(fan.getByText('No picks match these filters.')).toBeVisible();
  await fan.getByLabel('Sport').selectOption('All sports');
  await fan.getByLabel('Bettor', { exact: true }).selectOption(`Tipster Tess (@${username})`);
  await expect(pick).toBeVisible();

  // Unfollowed: the feed is empty again.
  await fan.goto(`/${username}`);
  await fan.getByRole('button', { name: 'Unfollow Tipster Tess' }).click();
  await expect(fan.getByRole('button', { name: 'Follow Tipster Tess' })).toBeVisible();
  await fan.goto('/following');
  await expect(fan.getByRole('heading', { name: 'No picks yet' })).toBeVisible();

  await follower.context.close();
});

test('a pick’s countdown on the feed goes on by the minute while the page stays open', async ({
  page,
  browser,
}, testInfo) => {
  const username = await namedBettor(page, 'Countdown Cal');
  const follower = await secondPerson(browser, testInfo);
  const fan = follower.page;
  await followOnProfile(fan, username, 'Countdown Cal');
  await recordBet(
    page.request,
    { description: 'Bucks ML vs Heat', odds: '2.10', sport: 'basketball' },
    {
      startsIn: 6.5 * HOUR_MS,
    },
  );

  await fan.clock.install();
  await fan.goto('/following');
  const pick = fan.getByRole('list', { name: 'Picks' }).getByRole('listitem').filter({ hasText: 'Bucks ML vs Heat' });
  const countdown = pick.getByText(/^Starts in 6 h \d+ min$/);
  await expect(countdown).toBeVisible();
  const minutes = Number(/(\d+) min$/.exec((await countdown.textContent())!)![1]);
  await fan.clock.runFor(MINUTE_MS);
  await expect(pick.getByText(`Starts in 6 h ${minutes - 1} min`, { exact: true })).toBeVisible();
  await follower.context.close();
});

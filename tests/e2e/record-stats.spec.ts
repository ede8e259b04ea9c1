/**
 * Void bets and the statistics (docs/decisions/007) as a person meets them: settling a bet "Void / push" on the dashboard, the figures that
 * say how much a record proves on a public profile, and a unit size set in Settings shown beside
 * the dollars on the profile, the dashboard and the bets (each bet in the unit size it was recorded at).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { recordBet, settledBet } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { createBettor, recordAndSettle } from './support/community.ts';
import { statValue } from './support/page.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

const statDetail = (page: Page, title: string) => page.getByRole('group', { name: title }).getByTestId('stat-detail');
const betItem = (page: Page, description: string) =>
  page
    .getByRole('list', { name: 'Recent Bets' })
    .getByRole('listitem')
    .filter({ has: page.getByText(description, { exact: true }) });

test('a pending bet whose event has started is settled Void / push: stake back, $0.00, counted and in no rate', async ({
  page,
}) => {
  await signedInUser(page);
  await settledBet(page.request, { description: 'Won first', amount: '10', odds: '2.00' }, 'won');
  await recordBet(
    page.request,
    { description: 'Match abandoned', amount: '40', odds: '2.50' },
    { startedAgo: HOUR_MS },
  );
  await page.goto('/dashboard');
  await expect(statValue(page, 'Win Rate')).toHaveText('100.0%');

  const row = betItem(page, 'Match abandoned');
  await row.getByRole('button', { name: 'Mark "Match abandoned" as void' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Mark as void / push?' });
  await expect(ask).toContainText(
    "“Match abandoned” — Mark as void / push: the $40.00 stake comes back, $0.00 profit. Settled bets can't be changed.",
  );
  await ask.getByRole('button', { name: 'Mark as void / push' }).click();
  await expect(page.getByText('Bet marked as void', { exact: true })).toBeVisible();

  await expect(row.getByText('Void / push', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Mark "Match abandoned"/ })).toHaveCount(0);
  await expect(row.getByRole('definition').filter({ hasText: '$0.00' })).toHaveCount(1);
  // Counted among the bets, in no rate: the win rate and profit are the won bet's alone.
  await expect(statValue(page, 'Total Bets')).toHaveText('2');
  await expect(statDetail(page, 'Total Bets')).toHaveText('1 won · 0 lost · 1 void · 0 pending');
  await expect(statValue(page, 'Win Rate')).toHaveText('100.0%');
  await expect(statValue(page, 'Total Staked')).toHaveText('$50.00');
  await expect(statValue(page, 'Total Profit')).toHaveText('+$10.00');
  await expect(statDetail(page, 'Total Profit')).toHaveText('ROI: +100.0% · Yield: +100.0%');

  // The public ledger shows the void settlement.
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };
  const ledger = (await (await page.request.get(`/api/profiles/${username}/ledger`)).json()) as {
    entries: { kind: string; bet: { description: string; status: string; profit: number | null } }[];
  };
  expect(ledger.entries.at(-1)).toMatchObject({
    kind: 'settled',
    bet: { description: 'Match abandoned', status: 'void', profit: 0 },
  });
});

test('a public profile says how much its record proves: ROI range, the chance of luck, yield, drawdown, runs', async ({
  page,
  baseURL,
}) => {
  // The steady bettor: 15 of 25 level $10 bets won at 2.00, in this order, and one push.
  const bettor = await createBettor(baseURL, `Steady Stats ${Date.now().toString(36)}`);
  await recordAndSettle(bettor, [
    ...[...'LLLWWWWWLWWLLWWWLWWLLWWWL'].map((r) => ({
      result: r === 'W' ? ('won' as const) : ('lost' as const),
      odds: '2.00',
    })),
    { result: 'void' as const, odds: '2.00' },
  ]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${bettor.username}`);
    const region = page.getByRole('region', { name: 'Skill or luck?' });
    await expect(region.getByTestId('roi-interval')).toHaveText(
      'ROI +20.0%, likely between -19.2% and +59.2% (ROI 95% range).',
    );
    await expect(region.getByTestId('luck')).toHaveText(
      'A break-even bettor at the same odds and stakes would do at least this well about 1 in 6 times.',
    );
    await expect(region.getByRole('note')).toHaveText(
      'Only 25 won or lost bets: too few to tell skill from luck. It takes 30 or more before these figures start to mean much.',
    );
    await expect(statValue(page, 'Level-Stakes Yield')).toHaveText('+20.0%');
    await expect(statValue(page, 'Max Drawdown')).toHaveText('$30.00');
    await expect(statValue(page, 'Longest Losing Run')).toHaveText('3');
    await expect(statDetail(page, 'Longest Losing Run')).toHaveText('Longest winning run: 5');
    await expect(statValue(page, 'Average Odds')).toHaveText('2.00');
    await expect(statValue(page, 'Void / Push')).toHaveText('1');
    await expect(statValue(page, 'Win Rate')).toHaveText('60.0%');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a unit size set in Settings shows stakes and profit in units too, each bet in the unit size it was recorded at', async ({
  page,
}) => {
  await signedInUser(page);
  await page.goto('/profile');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const unit = dialog.getByLabel('Unit size ($)');
  const saveUnit = async (value: string) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await unit.fill(value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
  };
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(unit).toHaveValue('');
  // Not an amount: the message, and what was typed stays.
  await unit.fill('ten');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Unit size must be an amount from 0.01 to 1,000,000 such as 10 or 25.50, or empty'),
  ).toBeVisible();
  await expect(unit).toHaveValue('ten');
  await unit.fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Recorded at a $10 unit, which each bet keeps.
  await settledBet(page.request, { description: 'Unit win', amount: '50', odds: '2.50' }, 'won');
  await recordBet(page.request, { description: 'Unit pending', amount: '25', odds: '2.00' }, { startsIn: 3 * DAY_MS });
  await page.goto('/profile');
  const won = page.getByRole('listitem').filter({ has: page.getByText('Unit win', { exact: true }) });
  const pending = page.getByRole('listitem').filter({ has: page.getByText('Unit pending', { exact: true }) });
  const stake = (row: typeof won, dollars: string) => row.getByRole('definition').filter({ hasText: dollars }).first();
  // $75 staked is 7.5u; +$75 profit is +7.5u; the won bet's $50 stake is 5u, the pending one's $25 2.5u.
  await expect(statDetail(page, 'Total Staked')).toHaveText('7.5u');
  await expect(statDetail(page, 'Total Profit')).toHaveText('+7.5u');
  await expect(stake(won, '$50.00')).toHaveText('$50.00(5u)');
  await expect(stake(won, '+$75.00')).toHaveText('+$75.00(+7.5u)');
  await expect(stake(pending, '$25.00')).toHaveText('$25.00(2.5u)');

  // A unit of $25 from now on: the totals are in it, the bets keep theirs.
  await saveUnit('25');
  await expect(statDetail(page, 'Total Staked')).toHaveText('3u');
  await expect(statDetail(page, 'Total Profit')).toHaveText('+3u');
  await expect(stake(won, '$50.00')).toHaveText('$50.00(5u)');
  await expect(stake(won, '+$75.00')).toHaveText('+$75.00(+7.5u)');
  await expect(stake(pending, '$25.00')).toHaveText('$25.00(2.5u)');
  // Read afresh from the server, the same.
  await page.reload();
  await expect(statDetail(page, 'Total Staked')).toHaveText('3u');
  await expect(stake(won, '+$75.00')).toHaveText('+$75.00(+7.5u)');
  await expect(stake(pending, '$25.00')).toHaveText('$25.00(2.5u)');

  await recordBet(page.request, { description: 'Unit later', amount: '50', odds: '2.00' }, { startsIn: 3 * DAY_MS });
  await page.goto('/dashboard');
  // $125 staked at $25 is 5u.
  await expect(statDetail(page, 'Total Staked')).toHaveText('All bets · 5u');
  await expect(statDetail(page, 'Total Profit')).toContainText('+3u · ROI: +150.0%');
  await expect(stake(betItem(page, 'Unit pending'), '$25.00')).toHaveText('$25.00(2.5u)');
  await expect(stake(betItem(page, 'Unit later'), '$50.00')).toHaveText('$50.00(2u)');

  // Cleared: the totals in dollars only; the bets still in the units they were recorded in.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(unit).toHaveValue('25.00');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await saveUnit('');
  await expect(statDetail(page, 'Total Staked')).toHaveCount(0);
  await expect(stake(pending, '$25.00')).toHaveText('$25.00(2.5u)');
  await page.reload();
  await expect(stake(won, '$50.00')).toHaveText('$50.00(5u)');
  await expect(stake(pending, '$25.00')).toHaveText('$25.00(2.5u)');
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { createBettor, recordAndSettle, recordGraded, searchDirectory, times } from './support/community.ts';

const cards = (page: Page) => page.getByRole('list', { name: 'Bettors' }).getByTestId('influencer-card');
const cardNames = (page: Page) => cards(page).locator('h3').allTextContents();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('search, sport filter and sort narrow and order the cards; records under the minimum are not ranked', async ({
  page,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const alpha = await createBettor(baseURL, `Infl Alpha ${tag}`);
  const beta = await createBettor(baseURL, `Infl Beta ${tag}`);
  const gamma = await createBettor(baseURL, `Infl Gamma ${tag}`);
  await recordAndSettle(alpha, [
    { result: 'won', sport: 'tennis', description: 'Sinner to beat Alcaraz' },
    { result: 'won', sport: 'tennis', description: 'Swiatek -3.5 games' },
    { result: 'won', sport: 'tennis', description: 'Gauff in straight sets' },
  ]);
  await recordAndSettle(beta, [
    { result: 'won', sport: 'mma' },
    { result: 'lost', sport: 'mma' },
    ...times(2, { result: 'pending', sport: 'football' }),
  ]);
  await recordAndSettle(gamma, [{ result: 'lost', sport: 'football' }]);

  await page.goto('/influencers');
  await expect(page).toHaveTitle('Influencers · betproof');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Follow bettors whose record you can check');
  await expect(page.getByText('Verified, with 100+ settled bets and a positive ROI')).toBeVisible();

  await searchDirectory(page, tag);
  await expect(page.getByTestId('influencer-count')).toHaveText('3 bettors match');
  // Default sort: the ranking; none of these has graded picks on the 30 events it takes to be
  // ranked, so they follow it by settled bets (3, 2, 1), with no rank badge.
  await expect.poll(() => cardNames(page)).toEqual([alpha.name, beta.name, gamma.name]);
  await expect(page.getByLabel('Sort by')).toHaveValue('rank');
  await expect(cards(page).getByTestId('rank-badge')).toHaveCount(0);

  const alphaCard = cards(page).filter({ has: page.getByRole('heading', { name: alpha.name }) });
  await expect(alphaCard).toContainText(`@${alpha.username}`);
  await expect(alphaCard).toContainText('100.0%');
  await expect(alphaCard).toContainText('+$45.00');
  await expect(alphaCard).toContainText('Rising');
  await expect(alphaCard).toContainText('Tennis');
  await expect(alphaCard).toContainText('Up');
  await expect(alphaCard.getByTestId('yield')).toHaveText(
    'Yield +150.0% · Yield 95% range +11.4% to +288.6%Not ranked yet: graded picks on 0 of 30 events needed',
  );
  await expect(alphaCard.getByRole('listitem')).toHaveText([
    /Won\s*Gauff in straight sets\s*\+\$15\.00/,
    /Won\s*Swiatek -3\.5 games\s*\+\$15\.00/,
    /Won\s*Sinner to beat Alcaraz\s*\+\$15\.00/,
  ]);

  await page.getByLabel('Sort by').selectOption({ label: 'Total bets' });
  await expect(page).toHaveURL(/sort=bets/);
  await expect.poll(() => cardNames(page)).toEqual([beta.name, alpha.name, gamma.name]);
  await page.getByLabel('Sort by').selectOption({ label: 'Win rate' });
  await expect.poll(() => cardNames(page)).toEqual([alpha.name, beta.name, gamma.name]);
  // Verified first is a sort of its own (none of these is verified: then the ranking's order).
  await page.getByLabel('Sort by').selectOption({ label: 'Verified first' });
  await expect(page).toHaveURL(/sort=verified/);
  await expect.poll(() => cardNames(page)).toEqual([alpha.name, beta.name, gamma.name]);
  await page.getByLabel('Sort by').selectOption({ label: 'Win rate' });

  await page.getByLabel('Sport').selectOption({ label: 'MMA' });
  await expect(page).toHaveURL(/sport=mma/);
  await expect.poll(() => cardNames(page)).toEqual([beta.name]);
  await expect(page.getByTestId('influencer-count')).toHaveText('1 bettor match');
  await page.getByLabel('Sport').selectOption({ label: 'Baseball' });
  await expect(page.getByRole('heading', { name: 'No bettors match' })).toBeVisible();
  await page.getByLabel('Sport').selectOption({ label: 'All sports' });

  await searchDirectory(page, `gamma ${tag}`.toUpperCase());
  await expect.poll(() => cardNames(page)).toEqual([gamma.name]);

  // The filters live in the URL: a reload keeps them.
  await page.reload();
  await expect.poll(() => cardNames(page)).toEqual([gamma.name]);
  await expect(page.getByLabel('Sort by')).toHaveValue('winrate');

  await cards(page)
    .getByRole('link', { name: `View Profile of ${gamma.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${escape(gamma.username)}$`));
  await expect(page.getByText(`@${gamma.username}`).first()).toBeVisible();
});

test('the ranking: by luck-adjusted yield of graded picks, with the rule stated; a ranked card shows its place', async ({
  page,
  baseURL,
}) => {
  // Graded records go through the admin's imports and a request per pick: slow on a loaded machine.
  test.slow();
  const tag = Date.now().toString(36);
  // 30 graded wins at 51.00: a score no other bettor of these files reaches, so this one is first.
  const ace = await createBettor(baseURL, `Ranked Ace ${tag}`);
  await recordGraded(baseURL, ace, times(30, { result: 'won', odds: '51.00', amount: '1' }));
  await page.goto(`/influencers?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId('ranking-rule')).toHaveText(
    "Ranked by luck-adjusted yield: the level-stakes yield of graded picks, less what luck alone gives a break-even bettor on the same prices one time in forty. A long record with a steady edge ranks above a short lucky run, one big stake, or a pick entered many times. To be ranked: graded picks won or lost on at least 30 different events, each priced 1.20 or more (one pick entered twice counts once; void and self-reported bets don't count). Every record that has them is ranked, below zero included.",
  );
  const card = cards(page).filter({ has: page.getByRole('heading', { name: ace.name }) });
  await expect(card.getByTestId('rank-badge')).toHaveText('#1');
  // 50 per unit on each pick: +5000.0%; the range from a break-even bettor's spread: ± 1.96 × √(30 × 50) / 30.
  await expect(card.getByTestId('yield')).toHaveText('Yield +5000.0% · Yield 95% range +4747.0% to +5253.0%');
  await expect(card).toContainText('30');
  await expect(card.getByRole('listitem').first()).toContainText('Won');
});

test('sort by closing-line value: the record that beat the close first, whatever its profit', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  // Pinnacle closes every match at 2.00 / 4.00 / 4.00 (no margin): the fair close of home is 2.00.
  const closed = { best: '2.50', close: ['2.00', '4.00', '4.00'] as [string, string, string] };
  const sharp = await createBettor(baseURL, `Clv Sharp ${tag}`);
  await recordGraded(baseURL, sharp, [
    ...times(10, { result: 'won', odds: '2.20', ...closed }),
    ...times(20, { result: 'lost', odds: '2.20', ...closed }),
  ]);
  const dull = await createBettor(baseURL, `Clv Dull ${tag}`);
  await recordGraded(baseURL, dull, [
    ...times(25, { result: 'won', odds: '1.90', ...closed }),
    ...times(5, { result: 'lost', odds: '1.90', ...closed }),
  ]);

  await page.goto(`/influencers?q=${encodeURIComponent(tag)}&sort=profit`);
  await expect.poll(() => cardNames(page)).toEqual([dull.name, sharp.name]);
  await expect(
    page.getByText(
      '“Closing-line value” orders by how much the odds taken beat the bookmakers’ fair closing odds, those with 30 graded picks with a close first.',
      { exact: false },
    ),
  ).toBeVisible();
  await page.getByLabel('Sort by').selectOption({ label: 'Closing-line value' });
  await expect(page).toHaveURL(/sort=clv/);
  await expect.poll(() => cardNames(page)).toEqual([sharp.name, dull.name]);
  const card = (name: string) => cards(page).filter({ has: page.getByRole('heading', { name }) });
  // 2.20 and 1.90 against a fair close of 2.00.
  await expect(card(sharp.name).getByTestId('clv')).toHaveText('Closing-line value +10.0% over 30 picks with a close');
  await expect(card(dull.name).getByTestId('clv')).toHaveText('Closing-line value −5.0% over 30 picks with a close');
});

test('pages with Load more', async ({ page, baseURL }) => {
  const tag = `pg${Date.now().toString(36)}`;
  const bettors = await Promise.all(Array.from({ length: 13 }, (_, i) => createBettor(baseURL, `Pager ${i} ${tag}`)));
  await Promise.all(bettors.map((b, i) => recordAndSettle(b, times(1 + (i % 3), { result: 'won' }))));
  await page.goto(`/influencers?q=${tag}`);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByText('Showing 12 of 13')).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(new Set(await cardNames(page)).size).toBe(13);
});

test('Get Verified and Apply for Verification: sign in first, then it asks and applies; Learn More: About', async ({
  page,
}) => {
  await page.goto('/influencers');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/about$/);

  // Signed out: either button leads to sign-in first.
  for (const label of ['Get Verified', 'Apply for Verification']) {
    await page.goto('/influencers');
    await page.getByRole('button', { name: label }).click();
    await expect(page).toHaveURL(/\/auth$/);
  }

  // Signed in: the button says what verification is and asks; sent, both places show the pending status.
  await signedInUser(page);
  await page.goto('/influencers');
  await page.getByRole('button', { name: 'Get Verified' }).click();
  await page
    .getByRole('dialog', { name: 'Apply for verification?' })
    .getByRole('button', { name: 'Send application' })
    .click();
  await expect(page.getByText('Application Sent')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Verification pending' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Apply for Verification' })).toHaveCount(0);
  const state = await page.request.get('/api/verification');
  expect(await state.json()).toEqual({ status: 'pending' });
});

test('fits a 390 px phone and passes axe (WCAG 2 A/AA)', async ({ page, baseURL }) => {
  const bettor = await createBettor(baseURL, `Phone Infl ${Date.now().toString(36)}`);
  await recordAndSettle(bettor, [
    { result: 'won', description: 'A rather long description of a pick on a phone screen' },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/influencers?q=${encodeURIComponent(bettor.name)}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('A rather long description');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

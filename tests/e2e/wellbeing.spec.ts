/**
 * The bettor's wellbeing tools as a person meets them (docs/decisions/034, 035): a monthly budget
 * the dashboard and the record-bet dialog speak of at 80% and past 100%; a 24-hour break that
 * refuses recording with its end until the server's clock passes it (X-Test-Clock-Offset); the
 * loss-chasing question on the stake that meets the rule, not the one before; the "Need help?" page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { CLOCK_HEADER, recordBet, settledBet } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { DAY_MS } from '../../src/shared/time-units.ts';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(results.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target) }))).toEqual([]);
}

/** A datetime-local value `hours` from now, in the browser's own time zone (what a person would type). */
const localDateTimeIn = (page: Page, hours: number) =>
  page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);

/** Opens 'Record New Bet' and fills a single bet with `stake`, its event `startsIn` hours from now. */
async function fillBet(page: Page, description: string, stake: string, startsIn = 30): Promise<Locator> {
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Stake ($)').fill(stake);
  await dialog.getByLabel('Odds').fill('2.00');
  await dialog.getByLabel('Sport').click();
  await page.getByRole('option', { name: 'Soccer', exact: true }).click();
  await dialog.getByLabel('Event date & time').fill(await localDateTimeIn(page, startsIn));
  return dialog;
}

const budgetCard = (page: Page) => page.getByRole('region', { name: 'Your budget' });

test('a monthly budget: the dashboard and the dialog say so past 80% and past 100%, and nothing is refused', async ({
  page,
}) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  await expect(budgetCard(page)).toContainText('Set a budget for a week, a month or from pay day');
  await budgetCard(page).getByRole('button', { name: 'Set a budget' }).click();
  const settings = page.getByRole('dialog', { name: 'Your budget' });
  await settings.getByLabel('Budget period').selectOption('month');
  await settings.getByLabel('Limit on stakes ($)').fill('100');
  await settings.getByRole('button', { name: 'Save budget' }).click();
  await expect(settings).toHaveCount(0);
  const card = budgetCard(page);
  await expect(card.getByText('Within your budget')).toBeVisible();
  await expect(card).toContainText(/\$0\.00 of \$100\.00 staked this month, \d+ days? left/);
  await expectNoViolations(page);

  await recordBet(page.request, { description: 'Warm-up', amount: '50' });
  await page.reload();
  await expect(budgetCard(page)).toContainText(/\$50\.00 of \$100\.00 staked this month/);

  // $35 more: 85%, said before recording.
  let dialog = await fillBet(page, 'Arsenal to win', '35');
  await expect(dialog.getByRole('status')).toHaveText(
    'This bet brings you close to your budget: your stakes this month to $85.00 of your $100.00 budget. You can still record it.',
  );
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(budgetCard(page).getByText('Close to your budget')).toBeVisible();
  await expect(budgetCard(page)).toContainText(/\$85\.00 of \$100\.00 staked this month/);

  // $20 more: past it. Said, and recorded when asked to.
  dialog = await fillBet(page, 'Spurs to win', '20');
  await expect(dialog.getByRole('status')).toHaveText(
    'This bet takes you past your budget: your stakes this month to $105.00 of your $100.00 budget. You can still record it.',
  );
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(budgetCard(page).getByText('Past your budget')).toBeVisible();
  await expect(budgetCard(page)).toContainText(/\$105\.00 of \$100\.00 staked this month/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page);
});

test('a 24-hour break refuses recording with its end, and recording works once the server clock passes it', async ({
  page,
}) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  await budgetCard(page).getByRole('button', { name: 'Take a break' }).click();
  const breakDialog = page.getByRole('dialog', { name: 'Take a break from recording bets' });
  await breakDialog.getByLabel('24 hours').check();
  await breakDialog.getByRole('button', { name: 'Start break' }).click();
  await expect(breakDialog).toHaveCount(0);
  await expect(budgetCard(page)).toContainText("You're taking a break from recording bets until");

  const { coolOff } = (await (await page.request.get('/api/me/wellbeing')).json()) as { coolOff: { until: string } };
  const until = Date.parse(coolOff.until);
  expect(Math.abs(until - (Date.now() + DAY_MS))).toBeLessThan(60_000);
  // The API's words: the end in UTC, to the minute.
  const utc = `${coolOff.until.slice(0, 10)} ${coolOff.until.slice(11, 16)} UTC`;

  // The event two days ahead: still more than 6 hours ahead once the clock has moved a day.
  const dialog = await fillBet(page, 'During the break', '10', 48);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `You're taking a break from recording bets until ${utc}. Pending bets still settle as usual. What you entered is kept.`,
  );
  await expect(dialog.getByLabel('Stake ($)')).toHaveValue('10');
  expect(((await (await page.request.get('/api/bets')).json()) as { bets: unknown[] }).bets).toEqual([]);
  await expectNoViolations(page);

  // The server's clock a minute past the end, for this page's API requests.
  const after = String(until - Date.now() + 60_000);
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => route.continue({ headers: { ...route.request().headers(), [CLOCK_HEADER]: after } }),
  );
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('the loss-chasing question comes on the stake that meets the rule, not the one before', async ({ page }) => {
  await signedInUser(page);
  // Usual stakes of $10, then three losses within the last day.
  for (let i = 0; i < 5; i++) await settledBet(page.request, { description: `Win ${i}`, amount: '10' }, 'won');
  for (let i = 0; i < 3; i++) await settledBet(page.request, { description: `Loss ${i}`, amount: '10' }, 'lost');
  await page.goto('/dashboard');

  // $20 is twice the usual stake, not more: no question.
  let dialog = await fillBet(page, 'Twice the usual', '20');
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  dialog = await fillBet(page, 'More than twice', '25');
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  const question = dialog.getByRole('alert');
  await expect(question).toContainText(
    "You've had 3 losing bets in the last 24 hours, and this stake of $25.00 is more than twice your usual stake ($10.00, the middle of your last 30).",
  );
  await expect(question.getByRole('link', { name: 'Talk to someone (Need help?)' })).toHaveAttribute('href', '/help');
  await expect(question.getByRole('link', { name: 'Take a break from recording' })).toHaveAttribute(
    'href',
    '/dashboard#take-a-break',
  );
  // Nothing recorded until the bettor says so.
  const count = async () => ((await (await page.request.get('/api/bets')).json()) as { bets: unknown[] }).bets.length;
  expect(await count()).toBe(9);
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Yes, record this bet' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await count()).toBe(10);
});

test.describe('Need help?', () => {
  test.use({ locale: 'en-GB' });

  test('is linked from every page, opens on the browser region and can be changed', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Need help?' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to someone, or take a break');
    await expect(page.getByLabel('Country')).toHaveValue('GB');
    const here = page.getByRole('list', { name: 'Help in United Kingdom' });
    await expect(here.getByRole('link', { name: 'Call 0808 8020 133' })).toHaveAttribute('href', 'tel:08088020133');
    await expect(here.getByText('GAMSTOP', { exact: true })).toBeVisible();
    await expectNoViolations(page);

    await page.getByLabel('Country').selectOption('US');
    const us = page.getByRole('list', { name: 'Help in United States' });
    await expect(us.getByRole('link', { name: 'Call 1-800-522-4700' })).toBeVisible();
    await expect(us.getByText('Text 800GAM')).toBeVisible();
    const everywhere = page.getByRole('list', { name: 'Help wherever you are' });
    for (const name of ['Gamban', 'BetBlocker', 'Gambling Therapy'])
      await expect(everywhere.getByRole('heading', { name })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page);
  });
});

test('the reality check, when chosen, says how long the visit has lasted and where the budget stands', async ({
  page,
}) => {
  await signedInUser(page);
  const put = await page.request.put('/api/me/wellbeing', {
    data: { budget: { period: 'week', lossLimit: '40' }, realityCheckMinutes: 30 },
  });
  expect(put.status()).toBe(200);
  await page.clock.install();
  await page.goto('/dashboard');
  await expect(budgetCard(page)).toContainText(/\$0\.00 of \$40\.00 net loss this week/);
  await page.clock.fastForward('29:00');
  await expect(page.getByText("You've been on betproof for", { exact: false })).toHaveCount(0);
  await page.clock.fastForward('01:05');
  await expect(page.getByText("You've been on betproof for 30 minutes.")).toBeVisible();
  await expect(page.getByText(/\$0\.00 of \$40\.00 net loss this week, \d+ days? left\./)).toBeVisible();
});

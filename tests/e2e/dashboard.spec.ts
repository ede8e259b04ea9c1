import type { Page } from '@playwright/test';
import { BET_PART_OF_RECORD_MESSAGE, settleAfterMessage } from '../../src/shared/bets.ts';
import { CLOCK_HEADER, recordBet, type BetInput, type BetTiming } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { localDateTimeIn, statValue } from './support/page.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

/**
 * Records a bet through the API, as this page's signed-in user: by default for an event 3 days
 * ahead; `{ startedAgo }` records it in the past for an event that has started since.
 */
const apiBet = (page: Page, bet: BetInput, timing: BetTiming = { startsIn: 3 * DAY_MS }) =>
  recordBet(page.request, bet, timing);
/** Won and Lost are open: the event started an hour ago. */
const STARTED: BetTiming = { startedAgo: HOUR_MS };

/** A bet as the API has it, found by its description. */
async function betNamed(page: Page, description: string) {
  const res = await page.request.get('/api/bets?limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const { bets } = (await res.json()) as { bets: { description: string; eventDate: string; id: string }[] };
  const bet = bets.find((b) => b.description === description);
  expect(bet, description).toBeDefined();
  return bet!;
}

async function expectStats(
  page: Page,
  stats: { 'Total Bets': string; 'Win Rate': string; 'Total Staked': string; 'Total Profit': string },
) {
  for (const [title, value] of Object.entries(stats)) await expect(statValue(page, title)).toHaveText(value);
}

const recentBets = (page: Page) => page.getByRole('list', { name: 'Recent Bets' });
const betItem = (page: Page, description: string) =>
  recentBets(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(description, { exact: true }) });

async function openRecordDialog(page: Page) {
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Settling asks first (a settled bet is final): confirm in the dialog as a person would. */
async function confirmSettle(page: Page, status: 'won' | 'lost') {
  const dialog = page.getByRole('alertdialog', { name: `Mark as ${status}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `Mark as ${status}` }).click();
  await expect(dialog).toHaveCount(0);
}

async function chooseSport(page: Page, sport: string) {
  await page.getByRole('dialog').getByLabel('Sport').click();
  await page.getByRole('option', { name: sport, exact: true }).click();
}

test('empty dashboard: greeting from the email, zero statistics, no bets', async ({ page }) => {
  const { email } = await signedInUser(page);
  await page.goto('/dashboard');

  await expect(page).toHaveTitle('Dashboard · betproof');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${email.split('@')[0]}!`);
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Bets' })).toBeVisible();
  await expect(page.getByText('No bets recorded yet')).toBeVisible();
  await expectStats(page, { 'Total Bets': '0', 'Win Rate': '—', 'Total Staked': '$0.00', 'Total Profit': '$0.00' });
  await expect(page.getByRole('group', { name: 'Total Profit' })).toContainText('ROI: —');
  await expect(page.getByText('betproof is a tracking tool. It takes no wagers. 18+. Bet responsibly.')).toBeVisible();
});

test('opened from another page while its figures load: the greeting and the layout at once, "Loading your dashboard..." over the cards', async ({
  page,
}) => {
  const { email } = await signedInUser(page);
  await apiBet(page, { description: 'Arrives with the figures' });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/bets/stats',
    async (route) => {
      await held;
      await route.fallback();
    },
  );
  // Loaded as a page, the dashboard arrives with its figures (the server renders them); opened
  // from another page, the browser fetches them.
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${email.split('@')[0]}!`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your dashboard...' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Bets' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record New Bet' })).toBeVisible();
  release();
  await expect(statValue(page, 'Total Bets')).toHaveText('1');
  await expect(page.getByText('Loading your dashboard...')).toHaveCount(0);
  await expect(page.getByText('Arrives with the figures', { exact: true })).toBeVisible();
});

test('records a bet through the dialog and sees it in Recent Bets', async ({ page }) => {
  await signedInUser(page, { name: 'Jane Doe' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Jane Doe!');
  await expect(page.getByText('No bets recorded yet')).toBeVisible();

  const dialog = await openRecordDialog(page);
  const preview = dialog.getByTestId('potential-win');
  await expect(preview).toContainText('—');
  await dialog.getByLabel('Description').fill('Lakers to beat the Celtics');
  await dialog.getByLabel('Stake ($)').fill('10');
  await expect(preview).toContainText('—');
  await dialog.getByLabel('Odds').pressSequentially('+150');
  await expect(preview).toContainText('$25.00');
  await dialog.getByLabel('Odds').fill('-110');
  await expect(preview).toContainText('$19.09');
  await dialog.getByLabel('Odds').fill('+150');
  await expect(preview).toContainText('$25.00');
  await chooseSport(page, 'Basketball');
  const when = await localDateTimeIn(page, 72);
  await dialog.getByLabel('Event date & time').fill(when);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();

  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(page.getByText('Your bet has been recorded successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const item = betItem(page, 'Lakers to beat the Celtics');
  await expect(item).toBeVisible();
  await expect(item).toContainText('Basketball');
  await expect(item).toContainText('Pending');
  // In the reader's format (decimal until chosen otherwise), as typed on hover.
  await expect(item.getByTitle('As recorded: +150', { exact: true })).toHaveText('2.50');
  await expect(item).toContainText('Stake$10.00');
  await expect(item).toContainText('Payout$25.00');
  const shown = await page.evaluate(
    (local) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(local)),
    when,
  );
  await expect(item.locator('time')).toHaveText(shown);
  // The event has not started: Won and Lost wait for it, and say so; Delete is open (a correction).
  const waitUntil = await page.evaluate((local) => new Date(local).toISOString(), when);
  const reason = settleAfterMessage(waitUntil);
  for (const name of ['Mark "Lakers to beat the Celtics" as won', 'Mark "Lakers to beat the Celtics" as lost']) {
    await expect(item.getByRole('button', { name })).toBeDisabled();
    await expect(item.getByRole('button', { name })).toHaveAccessibleDescription(reason);
  }
  await expect(item.getByText(reason, { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Delete "Lakers to beat the Celtics"' })).toBeEnabled();
  await expect(page.getByText('No bets recorded yet')).toBeHidden();
  await expectStats(page, { 'Total Bets': '1', 'Win Rate': '—', 'Total Staked': '$10.00', 'Total Profit': '$0.00' });

  // The dialog cleared itself on success.
  await openRecordDialog(page);
  await expect(page.getByRole('dialog').getByLabel('Description')).toHaveValue('');
  await expect(page.getByRole('dialog').getByLabel('Stake ($)')).toHaveValue('');
  await expect(page.getByRole('dialog').getByLabel('Odds')).toHaveValue('');
  await expect(page.getByRole('dialog').getByLabel('Event date & time')).toHaveValue('');
  await expect(page.getByRole('dialog').getByLabel('Sport')).toHaveText('Choose a sport');
});

test('missing and invalid fields are named next to their inputs', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  const dialog = await openRecordDialog(page);
  await dialog.getByRole('button', { name: 'Record Bet' }).click();

  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Stake is required')).toBeVisible();
  await expect(dialog.getByText('Odds are required')).toBeVisible();
  await expect(dialog.getByText('Sport is required')).toBeVisible();
  await expect(dialog.getByText('Event date is required')).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription('Description is required');

  await dialog.getByLabel('Description').fill('Arsenal to win');
  await dialog.getByLabel('Odds').fill('evens');
  await dialog.getByLabel('Stake ($)').fill('10.555');
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(dialog.getByText('Description is required')).toBeHidden();
  await expect(
    dialog.getByText('Invalid odds: use American (+150 or -110), decimal (2.50) or fractional (5/2)'),
  ).toBeVisible();
  await expect(dialog.getByText('Stake must be a number with at most 2 decimals, such as 10 or 10.50')).toBeVisible();
  await expect(dialog.getByTestId('potential-win')).toContainText('—');
  for (const stake of ['-5', '0']) {
    await dialog.getByLabel('Stake ($)').fill(stake);
    await dialog.getByRole('button', { name: 'Record Bet' }).click();
    await expect(dialog.getByLabel('Stake ($)')).toHaveAccessibleDescription('Stake must be at least $0.01');
    await expect(dialog.getByLabel('Stake ($)')).toHaveValue(stake);
  }
  await expect(dialog).toBeVisible();
  await expect(page.getByText('No bets recorded yet')).toBeVisible();
});

test('an event less than 6 hours away: the toast, and the dialog keeps what was typed', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  const dialog = await openRecordDialog(page);
  await dialog.getByLabel('Description').fill('Djokovic in straight sets');
  await dialog.getByLabel('Stake ($)').fill('25.50');
  await dialog.getByLabel('Odds').fill('5/2');
  await chooseSport(page, 'Tennis');
  const when = await localDateTimeIn(page, 2);
  await dialog.getByLabel('Event date & time').fill(when);
  await expect(dialog.getByTestId('potential-win')).toContainText('$89.25');
  await dialog.getByRole('button', { name: 'Record Bet' }).click();

  await expect(page.getByText('Invalid Event Time', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Bets can only be recorded for events starting at least 6 hours from now').first(),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveValue('Djokovic in straight sets');
  await expect(dialog.getByLabel('Stake ($)')).toHaveValue('25.50');
  await expect(dialog.getByLabel('Odds')).toHaveValue('5/2');
  await expect(dialog.getByLabel('Sport')).toHaveText('Tennis');
  await expect(dialog.getByLabel('Event date & time')).toHaveValue(when);

  // Moving the event far enough ahead records it.
  await dialog.getByLabel('Event date & time').fill(await localDateTimeIn(page, 7));
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(betItem(page, 'Djokovic in straight sets')).toContainText('Payout$89.25');
});

test('mark one Won and one Lost: each stat card changes to the right value', async ({ page }) => {
  await signedInUser(page);
  await apiBet(page, { description: 'Bet to win', amount: '10', odds: '+150' }, STARTED);
  await apiBet(page, { description: 'Bet to lose', amount: '10', odds: '2.0' }, STARTED);
  await page.goto('/dashboard');
  await expectStats(page, { 'Total Bets': '2', 'Win Rate': '—', 'Total Staked': '$20.00', 'Total Profit': '$0.00' });

  const winner = betItem(page, 'Bet to win');
  await winner.getByRole('button', { name: 'Mark "Bet to win" as won' }).click();
  // The dialog shows the result before it is final; Cancel changes nothing.
  const ask = page.getByRole('alertdialog', { name: 'Mark as won?' });
  await expect(ask).toContainText("“Bet to win” — Mark as won: +$15.00 profit. Settled bets can't be changed.");
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(winner).toContainText('Pending');
  await winner.getByRole('button', { name: 'Mark "Bet to win" as won' }).click();
  await confirmSettle(page, 'won');
  await expect(page.getByText('Bet marked as won', { exact: true })).toBeVisible();
  // Focus is back on the bet's row (its buttons are gone now).
  await expect(winner).toBeFocused();
  await expect(page.getByText('Your bet has been updated successfully.')).toBeVisible();
  await expectStats(page, {
    'Total Bets': '2',
    'Win Rate': '100.0%',
    'Total Staked': '$20.00',
    'Total Profit': '+$15.00',
  });
  await expect(statValue(page, 'Total Profit')).toHaveClass(/text-positive/);
  await expect(page.getByRole('group', { name: 'Total Profit' })).toContainText('ROI: +150.0%');
  await expect(winner).toContainText('Won');
  await expect(winner).toContainText('Profit/Loss+$15.00');
  await expect(winner.getByRole('button', { name: /as (won|lost)$/ })).toHaveCount(0);
  // Settled is final: no Delete, and the row says why.
  await expect(winner.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(winner.getByText("Part of your record — can't be deleted")).toBeVisible();

  const loser = betItem(page, 'Bet to lose');
  await loser.getByRole('button', { name: 'Mark "Bet to lose" as lost' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Mark as lost: -$10.00, the stake.');
  await confirmSettle(page, 'lost');
  await expect(page.getByText('Bet marked as lost', { exact: true })).toBeVisible();
  await expectStats(page, {
    'Total Bets': '2',
    'Win Rate': '50.0%',
    'Total Staked': '$20.00',
    'Total Profit': '+$5.00',
  });
  await expect(page.getByRole('group', { name: 'Total Profit' })).toContainText('ROI: +25.0%');
  await expect(loser).toContainText('Lost');
  await expect(loser).toContainText('Profit/Loss-$10.00');
  await expect(loser.getByRole('button', { name: /as (won|lost)$/ })).toHaveCount(0);

  // The numbers survive a reload (they come from the server).
  await page.reload();
  await expectStats(page, {
    'Total Bets': '2',
    'Win Rate': '50.0%',
    'Total Staked': '$20.00',
    'Total Profit': '+$5.00',
  });
});

test('a losing record shows Total Profit in red', async ({ page }) => {
  await signedInUser(page);
  await apiBet(page, { description: 'Long shot', amount: '12.34', odds: '11/10' }, STARTED);
  await page.goto('/dashboard');
  await betItem(page, 'Long shot').getByRole('button', { name: 'Mark "Long shot" as lost' }).click();
  await confirmSettle(page, 'lost');
  await expectStats(page, {
    'Total Bets': '1',
    'Win Rate': '0.0%',
    'Total Staked': '$12.34',
    'Total Profit': '-$12.34',
  });
  await expect(statValue(page, 'Total Profit')).toHaveClass(/text-negative/);
  await expect(page.getByRole('group', { name: 'Total Profit' })).toContainText('ROI: -100.0%');
});

test('delete asks for confirmation, then removes the bet', async ({ page }) => {
  await signedInUser(page);
  await apiBet(page, { description: 'Keep me' });
  await apiBet(page, { description: 'Delete me' });
  await page.goto('/dashboard');
  await expect(recentBets(page).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete "Delete me"' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this bet?' });
  await expect(confirm).toContainText('Delete me');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(recentBets(page).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete "Delete me"' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Bet deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Your bet has been deleted successfully.')).toBeVisible();
  await expect(betItem(page, 'Delete me')).toHaveCount(0);
  await expect(betItem(page, 'Keep me')).toBeVisible();
  await expect(statValue(page, 'Total Bets')).toHaveText('1');

  await page.getByRole('button', { name: 'Delete "Keep me"' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No bets recorded yet')).toBeVisible();
  await expectStats(page, { 'Total Bets': '0', 'Win Rate': '—', 'Total Staked': '$0.00', 'Total Profit': '$0.00' });
});

test('pages past the first 20 bets with Load more', async ({ page }) => {
  await signedInUser(page);
  for (let i = 1; i <= 25; i++) await apiBet(page, { description: `Bet ${String(i).padStart(2, '0')}` });

  const pageRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/bets') pageRequests.push(url.search);
  });
  await page.goto('/dashboard');
  const items = recentBets(page).getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Bet 25');
  await expect(items.last()).toContainText('Bet 06');
  await expect(page.getByText('Showing 20 of 25')).toBeVisible();
  for (const n of ['01', '02', '03', '04', '05']) await expect(betItem(page, `Bet ${n}`)).toHaveCount(0);
  // The first page came with the page itself (the server renders the dashboard with it).
  expect(pageRequests).toHaveLength(0);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(25);
  for (const n of ['05', '04', '03', '02', '01']) await expect(betItem(page, `Bet ${n}`)).toBeVisible();
  await expect(items.last()).toContainText('Bet 01');
  await expect(page.getByText('Showing 25 of 25')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
  expect(pageRequests).toHaveLength(1);
  expect(pageRequests[0]).toContain('limit=20');
  expect(pageRequests[0]).toContain('cursor=');
});

test('closing the dialog without recording keeps what was typed', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  let dialog = await openRecordDialog(page);
  await dialog.getByLabel('Description').fill('Half-typed bet');
  await dialog.getByLabel('Odds').fill('7/4');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openRecordDialog(page);
  await expect(dialog.getByLabel('Description')).toHaveValue('Half-typed bet');
  await expect(dialog.getByLabel('Odds')).toHaveValue('7/4');
});

test('a failed load: the Error toast, and a way to try again', async ({ page }) => {
  await signedInUser(page);
  await apiBet(page, { description: 'Shown after the retry' });
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/bets',
    (route) => (failing ? route.fulfill({ status: 500, json: { error: 'Internal error' } }) : route.fallback()),
  );
  // Opened from another page, so the browser asks for the bets (a loaded dashboard comes with them).
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Error', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to load bets', { exact: true }).first()).toBeVisible();
  await expect(statValue(page, 'Total Bets')).toHaveText('1');

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(betItem(page, 'Shown after the retry')).toBeVisible();
});

test("the server's 422 answers: field messages next to the inputs, the 6-hour toast", async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard');
  // The browser's checks pass; these stand in for what only the server can know (its clock, its rules).
  const answers = [
    { error: 'description: Description is taken', fields: { description: 'Description is taken' } },
    {
      error: 'Bets can only be recorded for events starting at least 6 hours from now',
      fields: { eventDate: 'Bets can only be recorded for events starting at least 6 hours from now' },
    },
  ];
  await page.route(
    (url) => url.pathname === '/api/bets',
    (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 422, json: answers.shift() }) : route.fallback(),
  );
  const dialog = await openRecordDialog(page);
  await dialog.getByLabel('Description').fill('Server says no');
  await dialog.getByLabel('Stake ($)').fill('10');
  await dialog.getByLabel('Odds').fill('2.5');
  await chooseSport(page, 'Soccer');
  await dialog.getByLabel('Event date & time').fill(await localDateTimeIn(page, 48));

  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Failed to record bet', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription('Description is taken');

  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Invalid Event Time', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Event date & time')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Description')).toHaveValue('Server says no');
});

test.describe('the honest record: settle after the start, delete only before it', () => {
  test('Won and Lost wait for the event, and open when the clock passes its start', async ({ page }) => {
    await signedInUser(page);
    await page.clock.install();
    await apiBet(page, { description: 'Derby winner', odds: '+150' }, { startsIn: DAY_MS });
    const { eventDate } = await betNamed(page, 'Derby winner');
    await page.goto('/dashboard');

    const item = betItem(page, 'Derby winner');
    const won = item.getByRole('button', { name: 'Mark "Derby winner" as won' });
    const lost = item.getByRole('button', { name: 'Mark "Derby winner" as lost' });
    const reason = settleAfterMessage(eventDate);
    expect(reason).toMatch(/^Settle after the event starts: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/);
    await expect(item.getByText(reason, { exact: true })).toBeVisible();
    for (const button of [won, lost]) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(reason);
    }
    await expect(item.getByRole('button', { name: 'Delete "Derby winner"' })).toBeVisible();
    await expect(item.getByText("Part of your record — can't be deleted")).toHaveCount(0);

    // A day and a minute later, by both clocks (the browser's and, for this page's requests, the server's).
    const later = DAY_MS + 60_000;
    await page.setExtraHTTPHeaders({ [CLOCK_HEADER]: String(later) });
    await page.clock.fastForward(later);
    await expect(won).toBeEnabled();
    await expect(lost).toBeEnabled();
    await expect(won).toHaveAccessibleDescription('');
    await expect(item.getByText(reason, { exact: true })).toHaveCount(0);
    // The event has started: the bet is part of the record.
    await expect(item.getByRole('button', { name: 'Delete "Derby winner"' })).toHaveCount(0);
    await expect(item.getByText("Part of your record — can't be deleted")).toBeVisible();

    await won.click();
    await confirmSettle(page, 'won');
    await expect(page.getByText('Bet marked as won', { exact: true })).toBeVisible();
    await expect(item).toContainText('Profit/Loss+$15.00');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$15.00');
  });

  test('a bet whose event has started: Won and Lost open, no Delete, and the row says why', async ({ page }) => {
    await signedInUser(page);
    await apiBet(page, { description: 'Started already' }, STARTED);
    await apiBet(page, { description: 'Still ahead' });
    await page.goto('/dashboard');

    const started = betItem(page, 'Started already');
    await expect(started.getByRole('button', { name: 'Mark "Started already" as won' })).toBeEnabled();
    await expect(started.getByRole('button', { name: 'Mark "Started already" as lost' })).toBeEnabled();
    await expect(started.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    const note = started.getByText("Part of your record — can't be deleted");
    await expect(note).toBeVisible();
    await expect(note.locator('..')).toHaveAttribute('title', BET_PART_OF_RECORD_MESSAGE);
    await expect(started).toContainText(BET_PART_OF_RECORD_MESSAGE); // what a screen reader reads
    await expect(started.getByText('Overdue — settle it')).toHaveCount(0);

    const ahead = betItem(page, 'Still ahead');
    await expect(ahead.getByRole('button', { name: 'Delete "Still ahead"' })).toBeVisible();
    await expect(ahead.getByText("Part of your record — can't be deleted")).toHaveCount(0);
  });

  test("the server's 409: its message in the error toast, and nothing changes", async ({ page }) => {
    await signedInUser(page);
    await page.clock.install();
    await apiBet(page, { description: 'Too early to settle' }, { startsIn: DAY_MS });
    await apiBet(page, { description: 'Too late to delete' }, { startsIn: 2 * DAY_MS });
    const { eventDate } = await betNamed(page, 'Too early to settle');
    await page.goto('/dashboard');
    await expect(statValue(page, 'Total Bets')).toHaveText('2');

    // The server's clock runs ahead: the event of this one has started there, so it can't be deleted
    // (here it was recorded a moment ago, before its start: Delete is shown).
    await page.setExtraHTTPHeaders({ [CLOCK_HEADER]: String(2 * DAY_MS) });
    const late = betItem(page, 'Too late to delete');
    await late.getByRole('button', { name: 'Delete "Too late to delete"' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this bet?' }).getByRole('button', { name: 'Delete' }).click();
    const deleteToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to delete bet' });
    await expect(deleteToast).toBeVisible();
    await expect(deleteToast.getByText(BET_PART_OF_RECORD_MESSAGE, { exact: true })).toBeVisible();
    await expect(late).toBeVisible();
    await page.setExtraHTTPHeaders({ [CLOCK_HEADER]: '0' });

    // The browser's clock runs ahead of the server's: Won is open here, and the server says no.
    await page.clock.fastForward(DAY_MS + 60_000);
    const early = betItem(page, 'Too early to settle');
    await early.getByRole('button', { name: 'Mark "Too early to settle" as won' }).click();
    await confirmSettle(page, 'won');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to update bet status' });
    await expect(toast).toBeVisible();
    await expect(toast.getByText(settleAfterMessage(eventDate, 'utc'), { exact: true })).toBeVisible();
    await expect(early).toContainText('Pending');
    await expect(early).toContainText('Profit/Loss—');

    await expect(statValue(page, 'Total Bets')).toHaveText('2');
  });

  test('overdue bets: the notice at the top and the mark in the row, until they are settled', async ({ page }) => {
    await signedInUser(page);
    await apiBet(page, { description: 'Forgotten one' }, { startedAgo: 4 * DAY_MS });
    await apiBet(page, { description: 'Forgotten two' }, { startedAgo: 3 * DAY_MS + HOUR_MS });
    await apiBet(page, { description: 'Recent one' }, { startedAgo: 2 * DAY_MS });
    await page.goto('/dashboard');

    const notice = page.getByRole('status', { name: 'Overdue bets' });
    await expect(notice).toHaveText(
      'You have 2 overdue bets (pending 72+ hours after the event started). Until you settle them, your profile is left out of the Spotlight and the influencer ranking.',
    );
    await expect(page.getByRole('group', { name: 'Total Bets' })).toContainText(
      '0 won · 0 lost · 3 pending (2 overdue)',
    );
    await expect(betItem(page, 'Forgotten one')).toContainText('Overdue — settle it');
    await expect(betItem(page, 'Forgotten two')).toContainText('Overdue — settle it');
    await expect(betItem(page, 'Recent one')).not.toContainText('Overdue');

    await betItem(page, 'Forgotten one').getByRole('button', { name: 'Mark "Forgotten one" as lost' }).click();
    await confirmSettle(page, 'lost');
    await expect(notice).toHaveText(
      'You have 1 overdue bet (pending 72+ hours after the event started). Until you settle it, your profile is left out of the Spotlight and the influencer ranking.',
    );
    await expect(betItem(page, 'Forgotten one')).not.toContainText('Overdue');

    await betItem(page, 'Forgotten two').getByRole('button', { name: 'Mark "Forgotten two" as won' }).click();
    await confirmSettle(page, 'won');
    await expect(page.getByText('Bet marked as won', { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Total Bets' })).toContainText('1 won · 1 lost · 1 pending');
  });
});

test('the session ends mid-form: the bet typed is kept, sign-in is asked for, and the form comes back filled', async ({
  page,
}) => {
  const { email, password } = await signedInUser(page);
  await page.goto('/dashboard');
  const dialog = await openRecordDialog(page);
  await dialog.getByLabel('Description').fill('Celtics -4.5');
  await dialog.getByLabel('Stake ($)').fill('42.50');
  await dialog.getByLabel('Odds').fill('-110');
  await chooseSport(page, 'Basketball');
  const when = await localDateTimeIn(page, 30);
  await dialog.getByLabel('Event date & time').fill(when);

  // The session ends (signed out elsewhere, expired): the cookie is gone.
  await page.context().clearCookies();
  await dialog.getByRole('button', { name: 'Record Bet' }).click();

  await expect(page.getByText('Your session ended — sign in to continue', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL('/dashboard');
  const again = page.getByRole('dialog', { name: 'Record New Bet' });
  await expect(again).toBeVisible();
  await expect(again.getByLabel('Description')).toHaveValue('Celtics -4.5');
  await expect(again.getByLabel('Stake ($)')).toHaveValue('42.50');
  await expect(again.getByLabel('Odds')).toHaveValue('-110');
  await expect(again.getByLabel('Sport')).toHaveText('Basketball');
  await expect(again.getByLabel('Event date & time')).toHaveValue(when);
  // Nothing was recorded while signed out; now it is, once.
  await again.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(betItem(page, 'Celtics -4.5')).toHaveCount(1);
  // The draft is gone once used: a reload opens no dialog.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Record New Bet' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

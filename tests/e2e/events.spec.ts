import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { GRADED_FROM_RESULT_MESSAGE } from '../../src/shared/events.ts';
import { CLOCK_HEADER } from './support/bets.ts';
import { expect, signedInUser, test, signInAsAdmin } from './support/fixtures.ts';
import { statValue } from './support/page.ts';

/*
 * A bet graded from its event's result, as a person does it: the admin imports a season's fixtures
 * (openfootball's real 2024/25 Premier League file, its scores taken out, as it is published before
 * the matches) in the admin dashboard's Events tab; a bettor picks a listed match in the record
 * dialog; settling it by hand is refused; the clock moves past the kick-off; the results file (the
 * same real file, with its scores) arrives; the bet is won with its profit on the dashboard, the
 * public profile and the ledger, without the bettor doing anything.
 *
 * The season is in the past, so both clocks are moved back to it: the server's for this page's
 * requests (X-Test-Clock-Offset) and the browser's (page.clock).
 */
const SEASON = readFileSync(new URL('../fixtures/feeds/football-json-en.1-2024-25.json', import.meta.url), 'utf8');
const FIXTURES = JSON.stringify({
  ...(JSON.parse(SEASON) as object),
  matches: (JSON.parse(SEASON) as { matches: Record<string, unknown>[] }).matches.map(({ score: _score, ...m }) => m),
});
const MATCH = 'Manchester United FC v Fulham FC';
const DESCRIPTION = `${MATCH}: Manchester United FC (1x2)`;

/** Both clocks at `iso` (the server's running on from there, the browser's held). */
async function setClocks(page: Page, iso: string) {
  await page.setExtraHTTPHeaders({ [CLOCK_HEADER]: String(Date.parse(iso) - Date.now()) });
  await page.clock.setFixedTime(new Date(iso));
}

/** In the admin's Events tab: the file chosen as a person would, the format picked, Import. */
async function importFile(page: Page, name: string, text: string) {
  await page.goto('/admin?tab=events');
  await expect(page.getByRole('tab', { name: 'Events', selected: true })).toBeVisible();
  await page.getByLabel('Feed format').selectOption('football-json');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/London');
  await page.getByLabel('Feed file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByLabel('File contents')).toHaveValue(/"name":\s*"Premier League 2024\/25"/);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

const betItem = (page: Page, list: string) =>
  page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.getByText(DESCRIPTION, { exact: true }) });

test.describe.configure({ mode: 'serial' });

test('a bet on a listed event is graded from the results file, never settled by the bettor', async ({ page }) => {
  test.setTimeout(120_000);
  // A week before the season's first match.
  await setClocks(page, '2024-08-10T12:00:00.000Z');
  await signInAsAdmin(page);
  await importFile(page, 'en.1.json', FIXTURES);
  await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toHaveText(
    'Imported: 380 new events, 0 updated, 0 bets graded.',
  );
  await page.getByLabel('Search events').fill('Fulham');
  const row = page.getByRole('row').filter({ hasText: MATCH });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Scheduled' })).toBeVisible();

  // The bettor finds the match as they type and picks it: its start is the catalog's.
  await page.context().clearCookies();
  const bettor = await signedInUser(page);
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await dialog.getByLabel('Find a listed event').fill('fulham');
  await dialog.getByRole('button', { name: `Pick ${MATCH}` }).click();
  const picked = dialog.getByRole('region', { name: 'Listed event' });
  await expect(picked).toContainText(MATCH);
  await expect(picked).toContainText('Premier League 2024/25');
  await expect(picked.locator('time')).toHaveAttribute('datetime', '2024-08-16T19:00:00.000Z');
  await expect(dialog.getByLabel('Event date & time')).toHaveCount(0);
  await dialog.getByLabel('Market').selectOption({ label: '1X2' });
  await dialog.getByLabel('Selection').selectOption({ label: 'Manchester United FC' });
  await dialog.getByLabel('Stake ($)').fill('10');
  await dialog.getByLabel('Odds').fill('2.10');
  await expect(dialog.getByText('Your pick: Manchester United FC')).toBeVisible();
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const item = betItem(page, 'Recent Bets');
  await expect(item.getByText('Graded', { exact: true })).toBeVisible();
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: /as won/ })).toHaveCount(0);
  await expect(item.getByText(GRADED_FROM_RESULT_MESSAGE)).toBeVisible();

  // After the kick-off, settling by hand is refused, and says why.
  await setClocks(page, '2024-08-16T21:00:00.000Z');
  const { bets } = (await (await page.request.get('/api/bets')).json()) as { bets: { id: string }[] };
  const settle = await page.request.patch(`/api/bets/${bets[0]!.id}`, { data: { status: 'won' } });
  expect(settle.status()).toBe(409);
  expect(await settle.json()).toEqual({ error: GRADED_FROM_RESULT_MESSAGE });
  await page.reload();
  await expect(betItem(page, 'Recent Bets').getByText('Pending', { exact: true })).toBeVisible();
  await expect(betItem(page, 'Recent Bets').getByRole('button', { name: /as won/ })).toHaveCount(0);

  // The results arrive: the same file as published after the second matchday, with the 20 scores so far
  // (Manchester United 1, Fulham 0).
  await setClocks(page, '2025-06-01T12:00:00.000Z');
  await signInAsAdmin(page);
  await importFile(page, 'en.1.json', SEASON);
  await expect(page.getByRole('status').filter({ hasText: 'Imported:' })).toHaveText(
    'Imported: 0 new events, 20 updated, 1 bet graded.',
  );
  await page.getByLabel('Search events').fill('Fulham');
  await page.getByLabel('Status').selectOption('final');
  const final = page.getByRole('row').filter({ hasText: MATCH });
  await expect(final.getByRole('cell', { name: '1–0' })).toBeVisible();

  // The bettor did nothing: won, +$11.00 (10 × 2.10 − 10), everywhere the record shows.
  await page.context().clearCookies();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: bettor.email, password: bettor.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/dashboard');
  const won = betItem(page, 'Recent Bets');
  await expect(won.getByText('Won', { exact: true })).toBeVisible();
  await expect(won).toContainText('Profit/Loss+$11.00');
  await expect(statValue(page, 'Total Profit')).toHaveText('+$11.00');

  await page.goto(`/${username}`);
  const onProfile = betItem(page, 'Betting Record');
  await expect(onProfile.getByText('Won', { exact: true })).toBeVisible();
  await expect(onProfile.getByText('Graded', { exact: true })).toBeVisible();
  await expect(onProfile).toContainText('Profit/Loss+$11.00');
  // The profile leads with the graded record, the self-reported one apart, and says what each is.
  const kinds = page.getByRole('region', { name: 'Graded and self-reported' });
  await expect(kinds.getByTestId('graded-count')).toHaveText('1 bet graded from results');
  await expect(kinds.getByTestId('self-reported-count')).toHaveText('0 bets self-reported');
  await expect(page.getByRole('region', { name: 'Verify this record' })).toContainText(
    "Graded bets are on events listed in betproof's catalog",
  );

  const ledger = (await (await page.request.get(`/api/profiles/${username}/ledger`)).json()) as {
    entries: { kind: string; bet: { status: string; profit: number | null; event?: { market: string } } }[];
  };
  expect(ledger.entries.map((e) => [e.kind, e.bet.status, e.bet.profit, e.bet.event?.market])).toEqual([
    ['recorded', 'pending', null, '1x2'],
    ['settled', 'won', 1100, '1x2'],
  ]);
});

test('a parlay takes a listed leg beside a self-reported one: the listed leg is graded, the other is described', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // After the first test's imports: the third matchday is listed and still to be played.
  await setClocks(page, '2024-08-25T12:00:00.000Z');
  await signedInUser(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await dialog.getByRole('button', { name: 'Parlay' }).click();
  const legs = dialog.getByRole('list', { name: 'Legs' }).getByRole('listitem');

  // Leg 1 on a listed match: searched as typed, picked, its pick chosen; nothing to describe or date.
  await dialog.getByLabel('Leg 1: find a listed event').fill('leicester');
  await legs.nth(0).getByRole('button', { name: 'Pick Leicester City FC v Aston Villa FC' }).click();
  await expect(dialog.getByRole('region', { name: 'Leg 1 event' })).toContainText('Leicester City FC v Aston Villa FC');
  await expect(dialog.getByLabel('Leg 1 description')).toHaveCount(0);
  await expect(dialog.getByLabel('Leg 1 event date & time')).toHaveCount(0);
  await dialog.getByLabel('Leg 1 market').selectOption({ label: 'Total' });
  await dialog.getByLabel('Leg 1 selection').selectOption({ label: 'Over' });
  await dialog.getByLabel('Leg 1 line').fill('2.5');
  await expect(legs.nth(0).getByText('Your pick:')).toBeVisible();
  await dialog.getByLabel('Leg 1 odds').fill('1.90');

  // Leg 2 is not listed: described, self-reported.
  await dialog.getByLabel('Leg 2 description').fill('Celtics to beat the Knicks');
  await dialog.getByLabel('Leg 2 sport').selectOption({ label: 'Basketball' });
  await dialog.getByLabel('Leg 2 odds').fill('2.00');
  await dialog.getByLabel('Leg 2 event date & time').fill('2024-08-27T19:00');
  await dialog.getByLabel('Stake ($)').fill('10');
  await dialog.getByRole('button', { name: 'Record Parlay' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // As recorded: one leg graded (its start and sport the catalog's), one self-reported.
  const { bets } = (await (await page.request.get('/api/bets')).json()) as {
    bets: { odds: string; legs: { kind: string; description: string; sport: string; eventDate: string }[] }[];
  };
  expect(bets[0]!.odds).toBe('3.8');
  expect(bets[0]!.legs.map((l) => [l.kind, l.description, l.sport, l.eventDate])).toEqual([
    ['graded', 'Leicester City FC v Aston Villa FC: Over 2.5 (total)', 'soccer', '2024-08-31T14:00:00.000Z'],
    ['self-reported', 'Celtics to beat the Knicks', 'basketball', expect.stringMatching(/^2024-08-27T/)],
  ]);
});

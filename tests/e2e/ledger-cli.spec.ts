import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LedgerPage } from '../../src/shared/ledger.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { localDateTimeIn } from './support/page.ts';
import { HOUR_MS } from '../../src/shared/time-units.ts';

const CLOCK_HEADER = 'x-test-clock-offset';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `node bin/betproof.js …`, as a follower runs the verifier from a checkout. */
function betproof(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/betproof.js', ...args], { cwd: repoRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

test('a bet recorded and settled on the dashboard: `betproof verify` checks the public ledger', async ({
  page,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signedInUser(page);
  await page.clock.install();
  await page.goto('/dashboard');

  // Record a bet whose event starts in 7 hours, through the form.
  const description = 'Ledger check: Lakers "ML" é 😀';
  await page.getByRole('button', { name: 'Record New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByLabel('Stake ($)').pressSequentially('10');
  await dialog.getByLabel('Odds').pressSequentially('+150');
  await dialog.getByLabel('Sport').click();
  await page.getByRole('option', { name: 'Basketball', exact: true }).click();
  await dialog.getByLabel('Event date & time').fill(await localDateTimeIn(page, 7));
  await dialog.getByRole('button', { name: 'Record Bet' }).click();
  await expect(page.getByText('Bet Recorded', { exact: true })).toBeVisible();

  const item = page
    .getByRole('list', { name: 'Recent Bets' })
    .getByRole('listitem')
    .filter({ has: page.getByText(description, { exact: true }) });
  const won = item.getByRole('button', { name: `Mark "${description}" as won` });
  await expect(won).toBeDisabled(); // the event has not started

  // Eight hours later by both clocks: the browser's, and the server's for this context's requests.
  await page.context().setExtraHTTPHeaders({ ...extraHTTPHeaders, [CLOCK_HEADER]: String(8 * HOUR_MS) });
  await page.clock.fastForward(8 * HOUR_MS);
  await expect(won).toBeEnabled();
  await won.click();
  // Settling is final: the dashboard asks to confirm, showing the result.
  const confirm = page.getByRole('alertdialog', { name: 'Mark as won?' });
  await confirm.getByRole('button', { name: 'Mark as won' }).click();
  const settled = page.getByText('Bet marked as won', { exact: true });
  await expect(settled).toBeVisible();
  await expect(item).toContainText('Profit/Loss+$15.00');

  // The public ledger: recorded, then settled.
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string };
  const ledgerRes = await page.request.get(`/api/profiles/${username}/ledger`);
  expect(ledgerRes.status()).toBe(200);
  const ledger = (await ledgerRes.json()) as LedgerPage;
  expect(ledger.entries.map((e) => [e.seq, e.kind, e.bet.description, e.bet.status, e.bet.profit])).toEqual([
    [1, 'recorded', description, 'pending', null],
    [2, 'settled', description, 'won', 1500],
  ]);

  // The verifier, run against the public profile's URL, as a follower would.
  const result = await betproof('verify', `${baseURL}/${username}`);
  expect(result).toEqual({ code: 0, stdout: `OK: 2 entries verified; head 2:${ledger.head.hash}\n`, stderr: '' });
});

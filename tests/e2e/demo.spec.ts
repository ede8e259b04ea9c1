import type { Page } from '@playwright/test';
import { EVENT_TOO_SOON_MESSAGE, settleAfterMessage } from '../../src/shared/bets.ts';
import { INVALID_ODDS_MESSAGE } from '../../src/shared/odds.ts';
import { SAMPLE_GRADED_DESCRIPTION } from '../../src/client/features/demo/demo-bets.ts';
import { expect, test } from './support/fixtures.ts';
import { demoBet, statValue, toast } from './support/page.ts';
import { HOUR_MS } from '../../src/shared/time-units.ts';

/** A datetime-local value `hours` from now in the browser's time zone (the test runs in the same one). */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * HOUR_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function fillBet(
  page: Page,
  bet: { description?: string; stake?: string; odds?: string; sport?: string; hours?: number },
) {
  if (bet.description !== undefined) await page.getByLabel('Description').fill(bet.description);
  if (bet.stake !== undefined) await page.getByLabel('Stake ($)').fill(bet.stake);
  if (bet.odds !== undefined) await page.getByLabel('Odds').fill(bet.odds);
  if (bet.sport !== undefined) await page.getByLabel('Sport').selectOption(bet.sport);
  if (bet.hours !== undefined) await page.getByLabel('Event date and time').fill(localInput(bet.hours));
}

async function openDemo(page: Page, button: 'Try the Influencer Demo' | 'Try the Community Demo') {
  await page.goto('/');
  await page.getByRole('link', { name: button }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
  // The demo says the real record's rules before anyone tries them.
  await expect(
    page.getByText(
      "The rules are the real record's: a bet is settled won, lost or void only after its event starts, a settled bet is final, and a bet can be deleted only before its event starts (a real record also allows it only in the 15 minutes after recording). Void / push (a cancelled event or a push) returns the stake and counts in no rate.",
    ),
  ).toBeVisible();
}

test.describe('landing-page demo', () => {
  test("records, validates, settles and deletes bets in memory by the record's rules, then goes back home", async ({
    page,
  }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/auth/')) apiCalls.push(`${request.method()} ${path}`);
    });
    await page.clock.install();

    await openDemo(page, 'Try the Influencer Demo');
    await expect(page).toHaveTitle('Demo · betproof');
    await expect(
      page.getByText('settle a bet won, lost or void / push once its event has started, and a settled bet is final'),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Until the event starts you can delete a bet to correct a mistake; once it starts, the bet is part',
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        "A self-reported bet still pending 72 hours after its start (a parlay: any leg's own start) is shown as overdue.",
      ),
    ).toBeVisible();

    // The sample bets: one won, one lost, one started (to settle), one overdue, one still ahead.
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);
    await expect(statValue(page, 'Total Bets')).toHaveText('5');
    await expect(statValue(page, 'Win Rate')).toHaveText('50.0%');
    await expect(statValue(page, 'Total Staked')).toHaveText('$195.00');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$5.00');
    const overdue = page.getByRole('status', { name: 'Overdue bets' });
    await expect(overdue).toContainText('You have 1 overdue bet (pending 72+ hours after the event started).');
    await expect(demoBet(page, 'Yankees ML vs Red Sox')).toContainText('Overdue — settle it');

    // Ahead: Won and Lost wait for the start and say when; Delete is open.
    const ahead = demoBet(page, 'Djokovic in straight sets');
    for (const name of ['Won', 'Lost']) {
      await expect(ahead.getByRole('button', { name })).toBeDisabled();
      await expect(ahead.getByRole('button', { name })).toHaveAccessibleDescription(
        /^Djokovic in straight sets Settle after the event starts: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:00 [AP]M$/,
      );
    }
    await expect(ahead.getByRole('button', { name: 'Delete bet: Djokovic in straight sets' })).toBeVisible();
    // Started: Won and Lost are open; no Delete, and the row says why.
    const started = demoBet(page, 'Celtics -4.5 vs Knicks');
    await expect(started.getByRole('button', { name: 'Won' })).toBeEnabled();
    await expect(started.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(started.getByText("Part of your record — can't be deleted")).toBeVisible();
    for (const name of [SAMPLE_GRADED_DESCRIPTION, 'Arsenal to win at Villa']) {
      await expect(demoBet(page, name).getByRole('button')).toHaveCount(0);
      await expect(demoBet(page, name).getByText("Part of your record — can't be deleted")).toBeVisible();
    }
    // The won one was graded from a sample event's result; the others are self-reported.
    await expect(demoBet(page, SAMPLE_GRADED_DESCRIPTION).getByText('Graded', { exact: true })).toBeVisible();
    await expect(demoBet(page, 'Arsenal to win at Villa').getByText('Self-reported', { exact: true })).toBeVisible();

    // Every field is required, and each says so under itself, as the app's form does (no toast).
    const odds = page.getByLabel('Odds');
    const oddsHint = '+150, -110, 2.50 or 5/2';
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(page.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Description')).toHaveAccessibleDescription('Description is required');
    await expect(page.getByLabel('Stake ($)')).toHaveAccessibleDescription('Stake is required');
    await expect(odds).toHaveAccessibleDescription(`${oddsHint} Odds are required`);
    await expect(page.getByLabel('Sport')).toHaveAccessibleDescription('Sport is required');
    await expect(page.getByLabel('Event date and time')).toHaveAccessibleDescription('Event date is required');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    // Typing in a field takes its message away; the others stay until the next submit.
    await fillBet(page, { description: 'Lakers ML vs Celtics' });
    await expect(page.getByLabel('Description')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Description')).toHaveAccessibleDescription('');
    await expect(page.getByText('Description is required')).toHaveCount(0);
    await expect(odds).toHaveAccessibleDescription(`${oddsHint} Odds are required`);
    await fillBet(page, { stake: '10', odds: '+150', sport: 'basketball' });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(page.getByLabel('Event date and time')).toHaveAccessibleDescription('Event date is required');
    await expect(odds).toHaveAccessibleDescription(oddsHint);
    await expect(odds).not.toHaveAttribute('aria-invalid');
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);

    // The 6-hour rule, in the dashboard's words: under the field and in a toast, what was typed kept.
    await fillBet(page, { hours: 2 });
    await expect(page.getByLabel('Event date and time')).toHaveAccessibleDescription('');
    await page.getByRole('button', { name: 'Record Bet' }).click();
    const tooSoon = toast(page, 'Invalid Event Time');
    await expect(tooSoon).toBeVisible();
    await expect(tooSoon).toContainText(EVENT_TOO_SOON_MESSAGE);
    await expect(page.getByLabel('Event date and time')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Event date and time')).toHaveAccessibleDescription(EVENT_TOO_SOON_MESSAGE);
    await expect(page.getByLabel('Description')).toHaveValue('Lakers ML vs Celtics');
    await expect(page.getByLabel('Stake ($)')).toHaveValue('10');
    await expect(odds).toHaveValue('+150');
    await expect(page.getByLabel('Sport')).toHaveValue('basketball');
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);

    // The potential win is the shared calculation: $10 at +150 pays $25.00.
    const lakersStart = localInput(30);
    await page.getByLabel('Event date and time').fill(lakersStart);
    await expect(page.getByText('Payout: $25.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Bet Recorded')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(6);
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(statValue(page, 'Total Bets')).toHaveText('6');
    await expect(statValue(page, 'Total Staked')).toHaveText('$205.00');
    // Recorded ahead of its event: it can't be settled yet, and the row says when it can.
    const lakers = demoBet(page, 'Lakers ML vs Celtics');
    const waitFor = settleAfterMessage(new Date(lakersStart));
    await expect(lakers.getByText(waitFor, { exact: true })).toBeVisible();
    await expect(lakers.getByRole('button', { name: 'Won' })).toBeDisabled();

    // Won: profit = potential win − stake ($50 at -110 → +$45.45). Final: no more buttons.
    // Settling asks first, as the app does; Cancel leaves the bet pending.
    await started.getByRole('button', { name: 'Won' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark as won?' });
    await expect(confirm).toContainText("Mark as won: +$45.45 profit. Settled bets can't be changed.");
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(started.getByRole('button', { name: 'Won' })).toBeEnabled();
    await expect(statValue(page, 'Win Rate')).not.toHaveText('66.7%');
    await started.getByRole('button', { name: 'Won' }).click();
    await page.getByRole('alertdialog', { name: 'Mark as won?' }).getByRole('button', { name: 'Mark as won' }).click();
    await expect(toast(page, 'Bet marked as won')).toBeVisible();
    await expect(started).toContainText('Won');
    await expect(started).toContainText('+$45.45');
    await expect(started.getByRole('button')).toHaveCount(0);
    await expect(started.getByText("Part of your record — can't be deleted")).toBeVisible();
    await expect(statValue(page, 'Win Rate')).toHaveText('66.7%');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$50.45');

    // Lost: −stake. Settling the overdue bet clears the notice.
    await demoBet(page, 'Yankees ML vs Red Sox').getByRole('button', { name: 'Lost' }).click();
    await page
      .getByRole('alertdialog', { name: 'Mark as lost?' })
      .getByRole('button', { name: 'Mark as lost' })
      .click();
    await expect(toast(page, 'Bet marked as lost')).toBeVisible();
    await expect(demoBet(page, 'Yankees ML vs Red Sox')).toContainText('-$25.00');
    await expect(demoBet(page, 'Yankees ML vs Red Sox')).not.toContainText('Overdue');
    await expect(overdue).toHaveCount(0);
    await expect(statValue(page, 'Win Rate')).toHaveText('50.0%');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$25.45');

    // Delete: a correction, before the event starts.
    await lakers.getByRole('button', { name: 'Delete bet: Lakers ML vs Celtics' }).click();
    await expect(toast(page, 'Bet deleted')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);
    await expect(statValue(page, 'Total Bets')).toHaveText('5');
    await expect(statValue(page, 'Total Staked')).toHaveText('$195.00');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$25.45');
    await expect(statValue(page, 'Total Profit')).toHaveClass(/text-positive/);

    // Two days on, the bet that was ahead has started: Won and Lost open, Delete gone.
    await page.clock.fastForward(2 * 24 * HOUR_MS + HOUR_MS);
    await expect(ahead.getByRole('button', { name: 'Won' })).toBeEnabled();
    await expect(ahead.getByRole('button', { name: 'Won' })).toHaveAccessibleDescription('Djokovic in straight sets');
    await expect(ahead.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(ahead.getByText("Part of your record — can't be deleted")).toBeVisible();
    await ahead.getByRole('button', { name: 'Lost' }).click();
    await page
      .getByRole('alertdialog', { name: 'Mark as lost?' })
      .getByRole('button', { name: 'Mark as lost' })
      .click();
    await expect(ahead).toContainText('-$20.00');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$5.45');
    await expect(statValue(page, 'Total Profit')).toHaveClass(/text-positive/);

    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');

    // Demo data is local only: nothing went to the API but the landing page's own read of the site's counts.
    expect(apiCalls.filter((call) => call !== 'GET /api/community/counts')).toEqual([]);
  });

  test('opens from the community section too, and bad odds get a clear message', async ({ page }) => {
    await openDemo(page, 'Try the Community Demo');
    await fillBet(page, { description: 'Djokovic to win', stake: '5', odds: 'evens', sport: 'tennis', hours: 24 });
    await page.getByRole('button', { name: 'Record Bet' }).click();
    const odds = page.getByLabel('Odds');
    await expect(odds).toHaveAttribute('aria-invalid', 'true');
    await expect(odds).toHaveAccessibleDescription(`+150, -110, 2.50 or 5/2 ${INVALID_ODDS_MESSAGE}`);
    await expect(odds).toHaveValue('evens');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);
    // Corrected, it records; the message is gone.
    await odds.fill('2.0');
    await expect(odds).toHaveAccessibleDescription('+150, -110, 2.50 or 5/2');
    await page.getByRole('button', { name: 'Record Bet' }).click();
    await expect(toast(page, 'Bet Recorded')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(6);
    // The browser's Back button leaves the demo as well.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');
  });

  test('the closing call to action opens the demo without signing up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the Demo, No Signup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Free Account' })).toHaveAttribute('href', '/auth?mode=signup');
  });
});

import type { Page } from '@playwright/test';
import { EVENT_TOO_SOON_MESSAGE } from '../../src/shared/bets.ts';
import { INVALID_ODDS_MESSAGE } from '../../src/shared/odds.ts';
import { expect, test } from './support/fixtures.ts';
import { demoBet, statValue, toast } from './support/page.ts';
import { HOUR_MS } from '../../src/shared/time-units.ts';

/** A datetime-local value `hours` from now in the browser's time zone (the test runs in the same one). */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * HOUR_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function fillLeg(
  page: Page,
  n: number,
  leg: { description: string; sport: string; odds: string; hours: number },
) {
  await page.getByLabel(`Leg ${n} description`).fill(leg.description);
  await page.getByLabel(`Leg ${n} sport`).selectOption(leg.sport);
  await page.getByLabel(`Leg ${n} odds`).fill(leg.odds);
  await page.getByLabel(`Leg ${n} event date & time`).fill(localInput(leg.hours));
}

test.describe('landing-page demo: parlays', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('records a 2-leg parlay at its combined odds, settles its legs one by one and counts it once', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the Influencer Demo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Dashboard' })).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);

    const type = page.getByRole('group', { name: 'Bet type' });
    await expect(type.getByRole('button', { name: 'Single bet' })).toHaveAttribute('aria-pressed', 'true');
    await type.getByRole('button', { name: 'Parlay' }).click();
    await expect(type.getByRole('button', { name: 'Parlay' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Legs' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Remove leg 1' })).toBeDisabled();

    // Each missing field is named under itself, as the app's form does.
    await page.getByRole('button', { name: 'Record Parlay' }).click();
    await expect(page.getByLabel('Stake ($)')).toHaveAccessibleDescription(
      'One stake for the whole parlay. Stake is required',
    );
    for (const n of [1, 2]) {
      await expect(page.getByLabel(`Leg ${n} description`)).toHaveAccessibleDescription('Description is required');
      await expect(page.getByLabel(`Leg ${n} sport`)).toHaveAccessibleDescription('Sport is required');
      await expect(page.getByLabel(`Leg ${n} odds`)).toHaveAccessibleDescription('Odds are required');
      await expect(page.getByLabel(`Leg ${n} event date & time`)).toHaveAccessibleDescription('Event date is required');
    }
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    // A leg's bad odds and too-soon start: named at that leg's fields, the 6-hour rule toasted too.
    await page.getByLabel('Stake ($)').fill('10');
    await expect(page.getByLabel('Stake ($)')).toHaveAccessibleDescription('One stake for the whole parlay.');
    await fillLeg(page, 1, { description: 'Lakers ML', sport: 'basketball', odds: '+150', hours: 30 });
    await fillLeg(page, 2, { description: 'Chiefs -3', sport: 'football', odds: 'evens', hours: 2 });
    await page.getByRole('button', { name: 'Record Parlay' }).click();
    await expect(toast(page, 'Invalid Event Time')).toContainText(EVENT_TOO_SOON_MESSAGE);
    await expect(page.getByLabel('Leg 2 odds')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Leg 2 odds')).toHaveAccessibleDescription(INVALID_ODDS_MESSAGE);
    await expect(page.getByLabel('Leg 2 event date & time')).toHaveAccessibleDescription(EVENT_TOO_SOON_MESSAGE);
    await expect(page.getByLabel('Leg 1 odds')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Leg 2 odds')).toHaveValue('evens');
    await expect(page.getByLabel('Leg 2 description')).toHaveValue('Chiefs -3');
    await expect(page.getByTestId('demo-bet')).toHaveCount(5);

    await fillLeg(page, 2, { description: 'Chiefs -3', sport: 'football', odds: '-110', hours: 54 });
    await expect(page.getByLabel('Leg 2 odds')).toHaveAccessibleDescription('');
    await expect(page.getByLabel('Leg 2 event date & time')).toHaveAccessibleDescription('');
    // 2.50 × 1.9090… = 4.7727…; $10 pays $47.727… → $47.73.
    await expect(page.getByTestId('combined-odds')).toHaveText('4.77');
    await expect(page.getByTestId('potential-win')).toHaveText('Payout: $47.73');
    // A third leg can be added and removed again.
    await page.getByRole('button', { name: 'Add leg' }).click();
    await expect(page.getByTestId('combined-odds')).toHaveText('—');
    await page.getByRole('button', { name: 'Remove leg 3' }).click();
    await expect(page.getByTestId('combined-odds')).toHaveText('4.77');

    await page.getByRole('button', { name: 'Record Parlay' }).click();
    await expect(toast(page, 'Parlay Recorded')).toBeVisible();
    await expect(page.getByTestId('demo-bet')).toHaveCount(6);
    await expect(page.getByLabel('Leg 1 description')).toHaveValue('');

    const parlay = demoBet(page, 'Parlay: Lakers ML + Chiefs -3');
    await expect(parlay).toContainText('Pending');
    // Combined odds in the reader's format (decimal by default), exact on hover.
    await expect(parlay.getByTitle('As recorded: 4.772727', { exact: true })).toHaveText('4.77');
    await expect(parlay).toContainText('$47.73');
    // Counted once, its whole stake.
    await expect(statValue(page, 'Total Bets')).toHaveText('6');
    await expect(statValue(page, 'Total Staked')).toHaveText('$205.00');

    const legs = parlay.getByRole('list', { name: 'Legs of "Parlay: Lakers ML + Chiefs -3"' });
    const leg1Won = legs.getByRole('button', { name: 'Mark leg 1 "Lakers ML" as won' });
    const leg2Void = legs.getByRole('button', { name: 'Mark leg 2 "Chiefs -3" as void' });
    await expect(leg1Won).toBeDisabled();
    await expect(leg1Won).toHaveAccessibleDescription(/^Settle after the event starts: /);
    // Before its first leg starts it can still be deleted; once started it is part of the record.
    await expect(parlay.getByRole('button', { name: 'Delete bet: Parlay: Lakers ML + Chiefs -3' })).toBeVisible();

    // Leg 1 has started, leg 2 not yet.
    await page.clock.fastForward(31 * HOUR_MS);
    await expect(leg1Won).toBeEnabled();
    await expect(leg2Void).toBeDisabled();
    await expect(parlay.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await leg1Won.click();
    const confirmWon = page.getByRole('alertdialog', { name: 'Mark as won?' });
    await expect(confirmWon).toContainText('Leg 1: Lakers ML');
    await confirmWon.getByRole('button', { name: 'Mark as won' }).click();
    await expect(toast(page, 'Leg 1 marked as won')).toBeVisible();
    await expect(parlay).toContainText('Pending');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$5.00');

    // Leg 2 void: won at leg 1's odds alone, 2.50, $10 pays $25.00, profit $15.00.
    await page.clock.fastForward(24 * HOUR_MS);
    await leg2Void.click();
    await page
      .getByRole('alertdialog', { name: 'Mark as void / push?' })
      .getByRole('button', { name: 'Mark as void / push' })
      .click();
    await expect(toast(page, 'Leg 2 marked as void')).toBeVisible();
    await expect(parlay).toContainText('Won');
    await expect(parlay).toContainText('+$15.00');
    await expect(parlay.getByRole('button', { name: /^Mark leg/ })).toHaveCount(0);
    await expect(statValue(page, 'Total Bets')).toHaveText('6');
    await expect(statValue(page, 'Win Rate')).toHaveText('66.7%');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$20.00');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a parlay is overdue 72 hours after a pending leg starts, whatever its later legs', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the Influencer Demo' }).click();
    const overdue = page.getByRole('status', { name: 'Overdue bets' });
    // The samples hold one overdue bet.
    await expect(overdue).toContainText('You have 1 overdue bet ');

    await page.getByRole('group', { name: 'Bet type' }).getByRole('button', { name: 'Parlay' }).click();
    await page.getByLabel('Stake ($)').fill('10');
    await fillLeg(page, 1, { description: 'Arsenal ML', sport: 'soccer', odds: '2.10', hours: 7 });
    await fillLeg(page, 2, { description: 'Dodgers ML', sport: 'baseball', odds: '1.90', hours: 200 });
    await page.getByRole('button', { name: 'Record Parlay' }).click();
    await expect(toast(page, 'Parlay Recorded')).toBeVisible();
    const parlay = demoBet(page, 'Parlay: Arsenal ML + Dodgers ML');
    await expect(parlay).toContainText('Pending');

    // 72 hours after leg 1's start, long before leg 2's: overdue, and counted (with the sample
    // that started 2 hours ago, overdue by now too).
    await page.clock.fastForward(79 * HOUR_MS + 5 * 60 * 1000);
    await expect(parlay).toContainText('Overdue — settle it');
    await expect(demoBet(page, 'Celtics -4.5 vs Knicks')).toContainText('Overdue — settle it');
    await expect(overdue).toContainText('You have 3 overdue bets ');

    // Leg 1 settled: leg 2 has not started, so the parlay is no longer overdue.
    await parlay.getByRole('button', { name: 'Mark leg 1 "Arsenal ML" as won' }).click();
    await page.getByRole('alertdialog', { name: 'Mark as won?' }).getByRole('button', { name: 'Mark as won' }).click();
    await expect(toast(page, 'Leg 1 marked as won')).toBeVisible();
    await expect(parlay).not.toContainText('Overdue');
    await expect(overdue).toContainText('You have 2 overdue bets ');
  });
});

/**
 * Parlays (docs/decisions/008): a 3-leg parlay recorded through the dialog's Parlay mode, with the combined
 * odds and potential win shown as the legs are typed, and a 3-leg parlay settled leg by leg through
 * the confirm dialog until it settles itself, at a phone's width and a desktop's.
 */
import type { Page } from '@playwright/test';
import { CLOCK_HEADER, fromNow } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { localDateTimeIn } from './support/page.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

const LEGS = [
  { description: 'Chiefs ML', sport: 'Football', odds: '-110' },
  { description: 'Lakers -4.5', sport: 'Basketball', odds: '5/2' },
  { description: 'Arsenal to win', sport: 'Soccer', odds: '2.5' },
];
const PARLAY = 'Parlay: Chiefs ML + Lakers -4.5 + Arsenal to win';

const parlayItem = (page: Page) =>
  page
    .getByRole('list', { name: 'Recent Bets' })
    .getByRole('listitem')
    .filter({ has: page.getByText(PARLAY, { exact: true }) });

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('records a 3-leg parlay in the dialog, the combined odds and potential win shown as it is typed', async ({
      page,
    }) => {
      await signedInUser(page);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Record New Bet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
      await dialog.getByRole('button', { name: 'Parlay', exact: true }).click();
      await expect(dialog.getByRole('button', { name: 'Parlay', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await dialog.getByLabel('Stake ($)').fill('10');
      // Two legs to start with; neither can be removed below the minimum.
      await expect(dialog.getByRole('button', { name: 'Remove leg 2' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Add leg' }).click();
      for (const [i, leg] of LEGS.entries()) {
        const n = i + 1;
        await dialog.getByLabel(`Leg ${n} description`).fill(leg.description);
        await dialog.getByLabel(`Leg ${n} sport`).selectOption({ label: leg.sport });
        await dialog.getByLabel(`Leg ${n} odds`).fill(leg.odds);
        await dialog.getByLabel(`Leg ${n} event date & time`).fill(await localDateTimeIn(page, 8 + 2 * i));
      }
      // 21/11 × 7/2 × 5/2 = 16.7045…: $10 pays $167.05.
      await expect(dialog.getByTestId('combined-odds')).toHaveText('16.70');
      await expect(dialog.getByTestId('potential-win')).toHaveText('Payout: $167.05');
      // A fourth leg, with bad odds, says so by its field; removed, the three are left as typed.
      await dialog.getByRole('button', { name: 'Add leg' }).click();
      await dialog.getByLabel('Leg 4 odds').fill('evens');
      await expect(dialog.getByTestId('combined-odds')).toHaveText('—');
      await dialog.getByRole('button', { name: 'Record Parlay' }).click();
      await expect(dialog.getByText('Description is required')).toBeVisible();
      await expect(dialog.getByText(/^Invalid odds/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Remove leg 4' }).click();
      await expect(dialog.getByLabel('Leg 3 odds')).toHaveValue('2.5');
      await expect(dialog.getByTestId('potential-win')).toHaveText('Payout: $167.05');
      await dialog.getByRole('button', { name: 'Record Parlay' }).click();
      await expect(dialog).toBeHidden();

      const item = parlayItem(page);
      await expect(item.getByText('Parlay', { exact: true })).toBeVisible();
      const legs = item.getByRole('list', { name: `Legs of "${PARLAY}"` }).getByRole('listitem');
      await expect(legs).toHaveCount(3);
      await expect(legs.nth(1)).toContainText('Leg 2: Lakers -4.5');
      // Nothing has started: each leg's Won waits for its own event.
      await expect(item.getByRole('button', { name: 'Mark leg 1 "Chiefs ML" as won' })).toBeDisabled();
      await expect(item.getByText(/^Settle after the event starts/).first()).toBeVisible();
    });

    test('settles a 3-leg parlay leg by leg; a void leg counts 1.00 and the parlay settles itself', async ({
      page,
    }) => {
      await signedInUser(page);
      // Recorded a day before its first leg, which started three hours ago (the server's clock moved back).
      const res = await page.request.post('/api/bets', {
        data: {
          amount: '10',
          legs: LEGS.map((leg, i) => ({
            description: leg.description,
            sport: leg.sport.toLowerCase(),
            odds: leg.odds,
            eventDate: fromNow(-(3 - i) * HOUR_MS),
          })),
        },
        headers: { [CLOCK_HEADER]: String(-(3 * HOUR_MS + DAY_MS)) },
      });
      expect(res.status(), await res.text()).toBe(201);
      await page.goto('/dashboard');
      const item = parlayItem(page);
      await expect(item.getByText('Pending', { exact: true }).first()).toBeVisible();

      const settle = async (n: number, status: 'won' | 'lost' | 'void', confirm: string) => {
        await item.getByRole('button', { name: `Mark leg ${n} "${LEGS[n - 1]!.description}" as ${status}` }).click();
        const ask = page.getByRole('alertdialog');
        await expect(ask).toContainText(`Mark leg ${n} as`);
        await ask.getByRole('button', { name: confirm }).click();
        await expect(ask).toBeHidden();
      };
      await settle(1, 'won', 'Mark as won');
      await expect(item.getByRole('button', { name: 'Mark leg 1 "Chiefs ML" as won' })).toHaveCount(0);
      await settle(2, 'void', 'Mark as void / push');
      await settle(3, 'won', 'Mark as won');

      // Won at 21/11 × 5/2 (the void leg counts 1.00): $10 pays $47.73, +$37.73.
      const legs = item.getByRole('list', { name: `Legs of "${PARLAY}"` }).getByRole('listitem');
      await expect(legs.nth(1)).toContainText('Void / push');
      await expect(item.getByText('+$37.73')).toBeVisible();
      await expect(item.getByRole('button', { name: /^Mark leg/ })).toHaveCount(0);
      const stats = await (await page.request.get('/api/bets/stats')).json();
      expect(stats).toMatchObject({ totalBets: 1, won: 1, totalProfit: '37.73' });
    });
  });
}

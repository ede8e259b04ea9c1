import { recordBet } from './support/bets.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { DAY_MS } from '../../src/shared/time-units.ts';

/*
 * What a record takes back is visible (docs/decisions/041): a bet deleted within its 15 minutes,
 * before its start, is counted on the profile's header and listed under "Deleted before the start".
 */

test('a deleted bet is counted on the profile and listed under "Deleted before the start"', async ({ page }) => {
  await signedInUser(page);
  const profileRes = await page.request.get('/api/profile');
  const { username } = (await profileRes.json()) as { username: string };
  const kept = 'Kept: Arsenal to beat Chelsea';
  const typo = 'Typo: Arsenal to beat Chelsae';
  await recordBet(
    page.request,
    { description: kept, amount: '10.00', odds: '2.00', sport: 'soccer' },
    { startsIn: DAY_MS },
  );
  const id = await recordBet(
    page.request,
    { description: typo, amount: '12.00', odds: '2.10', sport: 'soccer' },
    { startsIn: DAY_MS },
  );
  // As the page sends it (same-origin.ts refuses a write that looks like a cross-site form).
  const res = await page.request.delete(`/api/bets/${id}`, { headers: { 'content-type': 'application/json' } });
  expect(res.status(), await res.text()).toBe(204);

  await page.goto(`/${username}`);
  await expect(page.getByTestId('record-disclosure').first()).toContainText(
    '0 graded · 1 self-reported · 0 void · 1 deleted',
  );
  const deleted = page.getByRole('region', { name: 'Deleted before the start' });
  await expect(deleted.getByRole('listitem')).toHaveCount(1);
  await expect(deleted.getByRole('listitem')).toContainText(typo);
  await expect(deleted.getByRole('listitem')).toContainText('2.10 · $12.00');
  await expect(deleted).not.toContainText(kept);
});

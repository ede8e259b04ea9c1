/**
 * Importing a history (docs/decisions/009) as a person meets it: on their own profile, "Import history" takes a CSV file,
 * previews it with the bad row's error, imports the valid rows (with a progress bar), the
 * imported bets show in their imported history marked Imported, and the dashboard's switch adds
 * them to the figures. Screenshots of the dialog at 360 and 1280 px.
 */
import { expect, signedInUser, test } from './support/fixtures.ts';
import { statValue } from './support/page.ts';

const CSV =
  'date,description,sport,stake,odds,result\r\n' +
  '2024-03-01,"Chiefs -3, first half",football,110,-110,won\r\n' +
  '2024-03-02,Lakers moneyline,basketball,-5,+150,lost\r\n' +
  '2024-03-03,Djokovic to win,tennis,20,2.50,lost\r\n';

for (const width of [360, 1280]) {
  test(`imports the valid rows of a file with a bad one, marked Imported, and the dashboard adds them on request (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedInUser(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Import history' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import history' });

    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect(dialog.getByRole('status')).toHaveText('2 bets to import, 1 row with errors left out.');
    const table = dialog.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row', { name: /Row 3: Stake must be at least \$0\.01/ })).toContainText('Error');
    await expect(table.getByRole('row', { name: /Chiefs -3, first half/ })).toContainText('To import');
    await page.screenshot({ path: `test-results/import-history-preview-${width}.png` });

    // The upload is held a moment, so the progress bar can be seen.
    await page.route('**/api/bets/import', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Import 2 bets' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Importing your bets' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('Imported 2 bets.');
    await page.screenshot({ path: `test-results/import-history-done-${width}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('tab', { name: 'Imported' }).click();
    const imported = page.getByRole('list', { name: 'Imported history' }).getByRole('listitem');
    await expect(imported).toHaveCount(2);
    for (const item of await imported.all()) await expect(item.getByText('Imported', { exact: true })).toBeVisible();
    await expect(imported.first()).toContainText('Djokovic to win');
    await expect(page.getByText('Lakers moneyline')).toHaveCount(0);
    await page.screenshot({ path: `test-results/import-history-list-${width}.png`, fullPage: true });

    await page.goto('/dashboard');
    await expect(statValue(page, 'Total Bets')).toHaveText('0');
    const toggle = page.getByRole('switch', { name: 'Include imported history' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(statValue(page, 'Total Bets')).toHaveText('2');
    await expect(statValue(page, 'Total Profit')).toHaveText('+$80.00');
    await page.screenshot({ path: `test-results/import-history-dashboard-${width}.png` });
    await toggle.click();
    await expect(statValue(page, 'Total Bets')).toHaveText('0');
  });
}

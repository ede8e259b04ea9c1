import type { Locator, Page } from '@playwright/test';
import { expect, signedInUser, test } from './support/fixtures.ts';
import { localDateTimeIn } from './support/page.ts';

/*
 * Toasts never cover an open dialog: with a dialog open they show at the top, in the room every
 * dialog leaves there, so the dialog's buttons stay where a tap reaches them.
 */

/** The element a tap at the centre of `button` would reach is the button itself (or inside it). */
async function reachable(page: Page, button: Locator): Promise<boolean> {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) return false;
  const handle = await button.elementHandle();
  return page.evaluate(
    ({ x, y, el }) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el !== null && (el === hit || el.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, el: handle },
  );
}

for (const width of [390, 1280]) {
  test(`at ${width} px a toast leaves an open dialog's buttons reachable`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signedInUser(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Record New Bet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record New Bet' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Description').fill('Djokovic in straight sets');
    await dialog.getByLabel('Stake ($)').fill('25.50');
    await dialog.getByLabel('Odds').fill('5/2');
    await dialog.getByLabel('Sport').click();
    await page.getByRole('option', { name: 'Tennis', exact: true }).click();
    // Two hours ahead: the server refuses it, and a toast says why while the dialog stays open.
    await dialog.getByLabel('Event date & time').fill(await localDateTimeIn(page, 2));
    await dialog.getByRole('button', { name: 'Record Bet' }).click();

    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid Event Time' });
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    const dialogBox = (await dialog.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(dialogBox.y);

    for (const name of ['Record Bet', 'Cancel', 'Close']) {
      const button = dialog.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      expect(await reachable(page, button), name).toBe(true);
    }
    await page.screenshot({ path: test.info().outputPath(`dialog-with-toast-${width}.png`) });

    // The dialog closed, the toast goes back to the bottom of the screen.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    const height = page.viewportSize()!.height;
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? box.y > height / 2 : 'gone';
      })
      .toBe(true);
  });
}

import type { Page } from '@playwright/test';
import {
  DEFAULT_PASSWORD,
  createConfirmedUser,
  expect,
  signedInUser,
  test,
  uniqueEmail,
  signInAsAdmin,
} from './support/fixtures.ts';

/**
 * The admin journey, serial in one file, as the e2e admin: admin@betproof.test, which the e2e
 * server makes an admin (ADMIN_EMAILS) and the run creates before the specs (global-setup.ts).
 */

/**
 * A confirmed bettor who applied for verification, through the API: this file is about the admin's
 * side (profile.spec.ts clicks 'Apply for Verification').
 */
async function applicant(page: Page, name: string) {
  await page.context().clearCookies();
  const { email } = await signedInUser(page, { name, email: uniqueEmail('applicant') });
  const applied = await page.request.post('/api/verification/apply', { data: {} });
  expect(applied.status(), await applied.text()).toBe(201);
  expect(await applied.json()).toEqual({ status: 'pending' });
  const again = await page.request.post('/api/verification/apply', { data: {} });
  expect(again.status()).toBe(409);
  const own = await page.request.get('/api/profile');
  expect(own.status()).toBe(200);
  const { username } = (await own.json()) as { username: string };
  return { email, name, username };
}

/** The Users table's row for `email`, after searching for it. */
async function findUserRow(page: Page, search: string, email: string) {
  await page.getByLabel('Search users').fill(search);
  // The search has reached the server once the address carries it (it waits for typing to pause).
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(search.trim());
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe.configure({ mode: 'serial' });

test.describe('admin dashboard', () => {
  test('a signed-in non-admin opening /admin sees the not-authorised page, and the API refuses them', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Not authorised' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/issues', '/api/admin/logs']) {
      expect((await page.request.get(path)).status(), path).toBe(403);
    }
  });

  test('an applicant is found under Pending, verified by the admin, and shows the Verified Bettor badge', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const first = await applicant(page, `Vera Applicant ${stamp}`);
    const second = await applicant(page, `Dex Applicant ${stamp}`);

    await signInAsAdmin(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    for (const card of ['Total Users', 'Active Users', 'Verified Users', 'Total Bets']) {
      await expect(page.getByRole('group', { name: card })).toBeVisible();
    }
    for (const column of [
      'Display Name',
      'Email',
      'Username',
      'Join Date',
      'Total Bets',
      'Win Rate',
      'Verification',
      'Actions',
    ]) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }

    // Filter Pending, find the applicant by name (the search runs on the server), verify them.
    await page.getByLabel('Verification status').selectOption('pending');
    await expect(page).toHaveURL(/status=pending/);
    const row = await findUserRow(page, `Vera Applicant ${stamp}`, first.email);
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Decline/ })).toBeVisible();
    await row.getByRole('button', { name: /^Verify/ }).click();
    await expect(page.getByText('User Updated', { exact: true })).toBeVisible();
    await expect(page.getByText('User verification status changed to verified')).toBeVisible();
    // No longer pending: it leaves the Pending list…
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    // …and is listed under Verified, where the button offers the way back.
    await page.getByLabel('Verification status').selectOption('verified');
    const verifiedRow = page.getByRole('row').filter({ hasText: first.email });
    await expect(verifiedRow.getByText('Verified', { exact: true })).toBeVisible();
    await expect(verifiedRow.getByRole('button', { name: /^Unverify/ })).toBeVisible();

    // The other applicant is declined: back to unverified.
    await page.getByLabel('Verification status').selectOption('pending');
    const declined = await findUserRow(page, `Dex Applicant ${stamp}`, second.email);
    await declined.getByRole('button', { name: /^Decline/ }).click();
    await expect(page.getByText('User verification status changed to unverified')).toBeVisible();
    await page.getByLabel('Verification status').selectOption('all');
    const declinedRow = await findUserRow(page, second.email.toUpperCase(), second.email);
    await expect(declinedRow.getByText('Unverified', { exact: true })).toBeVisible();

    // The audit log names who did what to whom.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const logRow = page
      .getByRole('row')
      .filter({ hasText: `@${first.username}` })
      .first();
    await expect(logRow).toContainText('Verification changed');
    await expect(logRow).toContainText('Pending → Verified');

    // The view button opens the public profile, with the badge.
    await page.getByRole('tab', { name: 'Users' }).click();
    const viewRow = await findUserRow(page, first.email, first.email);
    await viewRow.getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(`/${first.username}`);
    await expect(page.getByText('Verified Bettor').first()).toBeVisible();
    const profile = await page.request.get(`/api/profiles/${first.username}`);
    expect(((await profile.json()) as { verificationStatus: string }).verificationStatus).toBe('verified');
  });

  test('a contact message appears in Issues, and its status change survives a reload', async ({ page }) => {
    const subject = `Export question ${Date.now().toString(36)}`;
    const sent = await page.request.post('/api/inbox/contact', {
      data: {
        name: 'Casey Contact',
        email: 'casey@example.com',
        subject,
        message: 'How do I export my bets?\nThanks.',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Issues' }).click();
    for (const column of ['User', 'Title', 'Type', 'Priority', 'Status', 'Created', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    const row = page.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Casey Contact');
    await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();

    await row.getByLabel(`Change status of ${subject}`).selectOption('resolved');
    await expect(page.getByText('Issue Updated', { exact: true })).toBeVisible();
    await expect(page.getByText('Issue status changed to resolved')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Resolved', exact: true })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/tab=issues/);
    const reloaded = page.getByRole('row').filter({ hasText: subject });
    await expect(reloaded.getByRole('cell', { name: 'Resolved', exact: true })).toBeVisible();

    // Opening it shows the whole message.
    await reloaded.getByRole('button', { name: `Open ${subject}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: subject })).toBeVisible();
    await expect(dialog.getByTestId('issue-message')).toHaveText('How do I export my bets?\nThanks.');
    await expect(dialog.getByText('casey@example.com')).toBeVisible();
    await page.keyboard.press('Escape');

    // Analytics: the overview and both weekly charts.
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('group', { name: 'Average Win Rate' })).toContainText(/\d+\.\d%/);
    await expect(page.getByTestId('signups-chart')).toBeVisible();
    await expect(page.getByTestId('bets-chart')).toBeVisible();

    // Back to Dashboard, then Sign Out from the admin page.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/admin');
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
    expect((await page.request.get('/api/admin/stats')).status()).toBe(401);
  });
});

test.describe('admin layout', () => {
  for (const width of [1280, 360]) {
    test(`at ${width} px: the page lines up with the site header, every column is readable, nothing scrolls sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // A long address, as real ones are: it wraps inside its cell rather than pushing columns out.
      const long = uniqueEmail('a-very-long-mailbox-name-for-a-bettor-who-likes-long-addresses');
      await createConfirmedUser(page.request, { email: long, name: 'Long Address' });
      // Pending review: the row's widest Actions (Verify, Decline and the view button).
      const signedIn = await page.request.post('/api/auth/sign-in/email', {
        data: { email: long, password: DEFAULT_PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      expect((await page.request.post('/api/verification/apply', { data: {} })).status()).toBe(201);
      await signInAsAdmin(page);
      await page.goto(`/admin?q=${encodeURIComponent(long.slice(0, 20))}`);
      const row = page.getByRole('row').filter({ hasText: long });
      await expect(row).toHaveCount(1);

      // No sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The dashboard's left edge is where the header's content starts (its container's padding edge).
      const headerLeft = await page.getByRole('banner').evaluate((header) => {
        const container = header.firstElementChild!;
        return container.getBoundingClientRect().left + parseFloat(getComputedStyle(container).paddingLeft);
      });
      const headingLeft = (await page.getByRole('heading', { name: 'Admin Dashboard' }).boundingBox())!.x;
      expect(Math.abs(headingLeft - headerLeft)).toBeLessThanOrEqual(1);
      if (width === 1280) {
        // The table fits its box: no column is cut off or scrolled out of view.
        const table = page.getByRole('table', { name: 'Users, newest first' });
        const overflow = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
        expect(overflow).toBe(0);
        const box = (await table.boundingBox())!;
        const viewport = page.viewportSize()!;
        for (const column of [
          'Display Name',
          'Email',
          'Username',
          'Join Date',
          'Total Bets',
          'Win Rate',
          'Verification',
          'Actions',
        ]) {
          const header = (await page.getByRole('columnheader', { name: column }).boundingBox())!;
          expect(header.x, column).toBeGreaterThanOrEqual(box.x - 1);
          expect(header.x + header.width, column).toBeLessThanOrEqual(Math.min(box.x + box.width, viewport.width) + 1);
        }
      }
      await expect(row.getByText(long)).toBeVisible();
      await expect(row.getByRole('button', { name: 'Decline Long Address' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`admin-${width}.png`), fullPage: true });
    });
  }
});

import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { toast } from './support/page.ts';

const main = (page: Page) => page.getByRole('main');

/** The page's one <h1>, its tab title and its own meta description. */
async function expectPage(page: Page, path: string, h1: string, title: string) {
  await page.goto(path);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(h1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle(`${title} · betproof`);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(50);
  return description;
}

test.describe('static and marketing pages', () => {
  test('each page has its own title and meta description', async ({ page }) => {
    const pages: [string, string, string][] = [
      ['/about', 'About betproof', 'About Us'],
      ['/contact', 'Contact Us', 'Contact Us'],
      ['/follow', 'Follow betproof', 'Follow Us'],
      ['/advertise', 'Advertise with betproof', 'Advertise'],
      ['/terms', 'Terms of Use', 'Terms of Use'],
      ['/privacy', 'Privacy Policy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy', 'Cookie Policy'],
    ];
    const descriptions = new Set<string | null>();
    for (const [path, h1, title] of pages) descriptions.add(await expectPage(page, path, h1, title));
    expect(descriptions.size).toBe(pages.length);
  });

  test('about: mission, four values, a team of three, the counted figures and the two buttons', async ({ page }) => {
    await expectPage(page, '/about', 'About betproof', 'About Us');
    await expect(main(page).getByRole('heading', { name: 'Make every betting record honest' })).toBeVisible();
    for (const value of ['Transparency', 'Responsibility', 'Community', 'Innovation']) {
      await expect(main(page).getByRole('heading', { level: 3, name: value, exact: true })).toBeVisible();
    }
    const team = main(page).getByRole('region', { name: 'The people behind betproof' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveCount(3);
    for (const claim of ['50K+', '2M+', '99.9%', '24/7']) await expect(main(page)).not.toContainText(claim);
    await expect(main(page).getByTestId('site-counts').getByText('Bets recorded', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?mode=signup');
    await main(page).getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('contact and legal pages show no made-up details when none is configured: the form is the way', async ({
    page,
  }) => {
    await expectPage(page, '/contact', 'Contact Us', 'Contact Us');
    await expect(main(page).getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Other ways to reach us' })).toHaveCount(0);
    await expect(main(page).getByText(/'Forgot Password'/)).toBeVisible();
    await expect(main(page).getByText(/encrypted/)).toBeVisible();
    await expect(main(page).getByText(/CSV export/)).toBeVisible();
    for (const label of ['Name', 'Email', 'Subject (optional)', 'Message']) {
      await expect(main(page).getByRole('textbox', { name: label, exact: true })).toBeVisible();
    }
    for (const path of ['/contact', '/terms', '/privacy', '/cookies', '/advertise']) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      const text = await main(page).innerText();
      expect(text, path).not.toMatch(/\.example\b|555|mailto|Example Plaza/);
      // Helpline numbers (tel:) stay: they are real and not ours.
      await expect(main(page).locator('a[href^="mailto:"]'), path).toHaveCount(0);
      expect(text, path).not.toMatch(/Phone:|Post:/);
    }
    await page.goto('/terms');
    await expect(main(page).getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
  });

  test('contact: the details the server is configured with (runtime settings in the page), with hours and office', async ({
    page,
  }) => {
    const settings = {
      supportEmail: 'help@betproof.io',
      supportPhone: '+1 (212) 736-0100',
      officeAddress: ['betproof Inc.', '1 Main St', 'New York, NY 10001'],
      privacyEmail: 'privacy@betproof.io',
    };
    // As the server writes them when SUPPORT_EMAIL etc. are set (src/server/static-client.test.ts holds that side).
    await page.route(/\/(contact|privacy)$/, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</head>',
        `<script type="application/json" id="site-contact">${JSON.stringify(settings)}</script></head>`,
      );
      await route.fulfill({ response, body: html });
    });
    await expectPage(page, '/contact', 'Contact Us', 'Contact Us');
    await expect(main(page).getByRole('link', { name: 'help@betproof.io' })).toHaveAttribute(
      'href',
      'mailto:help@betproof.io',
    );
    await expect(main(page).getByRole('link', { name: '+1 (212) 736-0100' })).toHaveAttribute(
      'href',
      'tel:+12127360100',
    );
    await expect(main(page).getByText('Monday - Friday, 9 AM - 6 PM EST')).toBeVisible();
    await expect(main(page).locator('address')).toHaveText('betproof Inc.1 Main StNew York, NY 10001');
    await page.goto('/privacy');
    await expect(main(page).getByRole('link', { name: 'privacy@betproof.io' }).first()).toHaveAttribute(
      'href',
      'mailto:privacy@betproof.io',
    );
    await expect(main(page).getByText(/write to us at betproof Inc\., 1 Main St, New York, NY 10001\./)).toBeVisible();
  });

  test('advertise: stats, the three packages with prices, audience and the inquiry form', async ({ page }) => {
    await expectPage(page, '/advertise', 'Advertise with betproof', 'Advertise');
    const packages = {
      'Banner Advertising': '$500-2K/month',
      'Sponsored Content': '$1K-5K/month',
      'Community Partnership': '$3K-10K/month',
    };
    for (const [name, price] of Object.entries(packages)) {
      const card = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(card).toContainText(price);
    }
    await expect(main(page).getByRole('heading', { name: 'Who you will reach' })).toBeVisible();
    await expect(main(page)).not.toContainText('50K+');
    await expect(main(page).getByTestId('site-counts').getByText('Bets recorded', { exact: true })).toBeVisible();
    await expect(main(page).getByLabel('Monthly budget').locator('option')).toHaveText([
      'Select a budget range',
      '$500 - $1,000',
      '$1,000 - $5,000',
      '$5,000 - $10,000',
      '$10,000+',
    ]);
    await expect(main(page).getByLabel('Ad type').locator('option')).toHaveText([
      'Select an ad type',
      'Banner Advertising',
      'Sponsored Content',
      'Community Partnership',
      'Custom Package',
    ]);
  });

  test('follow: no social accounts or follower counts unless the deployment sets them; the counted figures', async ({
    page,
  }) => {
    await expectPage(page, '/follow', 'Follow betproof', 'Follow Us');
    // This server sets no SOCIAL_* links (src/server/social-links.test.ts renders the page with some).
    await expect(page.getByTestId('platform-card')).toHaveCount(0);
    await expect(main(page).getByRole('heading', { name: 'Join us on social media' })).toHaveCount(0);
    for (const claim of ['152K', '85%', '25%', '48K']) await expect(main(page)).not.toContainText(claim);
    await expect(main(page).getByTestId('site-counts').getByText('Ledger entries', { exact: true })).toBeVisible();

    const encouraged = main(page)
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Encouraged' }) });
    for (const item of [
      'responsible betting strategies',
      'honest wins and losses',
      'Supporting',
      'constructive feedback',
    ]) {
      await expect(encouraged.last()).toContainText(item);
    }
    const banned = main(page)
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Not allowed' }) });
    for (const item of ['irresponsible gambling', 'false betting records', 'Harassment', 'Spam']) {
      await expect(banned.last()).toContainText(item);
    }
  });

  test('terms: last updated December 2024, ten sections, 18+, helplines and California law', async ({ page }) => {
    await expectPage(page, '/terms', 'Terms of Use', 'Terms of Use');
    await expect(main(page).getByText('Last updated: December 2024')).toBeVisible();
    const sections = main(page)
      .getByRole('heading', { level: 2 })
      .filter({ hasText: /^\d+\. / });
    await expect(sections).toHaveCount(10);
    await expect(sections.first()).toHaveText('1. Acceptance of Terms');
    await expect(sections.last()).toHaveText('10. Contact Information');
    await expect(main(page).getByText(/at least 18 years old/)).toBeVisible();
    await expect(main(page).getByRole('link', { name: '1-800-GAMBLER' })).toBeVisible();
    await expect(main(page).getByText(/laws of the State of California/)).toBeVisible();
    // The table of contents jumps to a section.
    await main(page)
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Governing Law' })
      .click();
    await expect(page).toHaveURL('/terms#governing-law');
    await expect(main(page).getByRole('heading', { name: '9. Governing Law' })).toBeInViewport();
  });

  test('privacy: eleven sections including the six rights and children under 18', async ({ page }) => {
    await expectPage(page, '/privacy', 'Privacy Policy', 'Privacy Policy');
    await expect(main(page).getByText('Last updated: December 2024')).toBeVisible();
    const sections = main(page)
      .getByRole('heading', { level: 2 })
      .filter({ hasText: /^\d+\. / });
    await expect(sections).toHaveCount(11);
    const rights = main(page).getByRole('region', { name: '6. Your Rights' });
    for (const right of ['Access', 'Correction', 'Deletion', 'Portability', 'Opt out', 'Privacy settings']) {
      await expect(rights.getByText(right, { exact: true })).toBeVisible();
    }
    await expect(main(page).getByText(/under 18/)).toBeVisible();
    await expect(main(page).getByRole('heading', { name: '8. International Data Transfers' })).toBeVisible();
  });

  test('the auth page links its Terms of Use and Privacy Policy here', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('main').getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Use');
    await page.goBack();
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });
});

test.describe('cookie preferences', () => {
  const toggle = (page: Page, name: string) => page.getByRole('switch', { name });

  test('defaults, third-party kinds and browser instructions', async ({ page }) => {
    await expectPage(page, '/cookies', 'Cookie Policy', 'Cookie Policy');
    await expect(toggle(page, 'Essential cookies')).toBeChecked();
    await expect(toggle(page, 'Essential cookies')).toBeDisabled();
    await expect(toggle(page, 'Analytics cookies')).toBeChecked();
    await expect(toggle(page, 'Marketing cookies')).not.toBeChecked();
    await expect(toggle(page, 'Personalization cookies')).toBeChecked();
    await expect(main(page).getByRole('heading', { name: '4. Third-Party Cookies' })).toBeVisible();
    for (const browser of ['Google Chrome', 'Mozilla Firefox', 'Safari', 'Microsoft Edge']) {
      await expect(main(page).getByText(`${browser}:`)).toBeVisible();
    }
  });

  test('Save Preferences keeps the choice in the browser and it is applied after a reload', async ({ page }) => {
    await page.goto('/cookies');
    await toggle(page, 'Analytics cookies').click();
    await toggle(page, 'Marketing cookies').click();
    await expect(toggle(page, 'Analytics cookies')).not.toBeChecked();
    await expect(toggle(page, 'Marketing cookies')).toBeChecked();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(toast(page, 'Preferences saved')).toBeVisible();

    await page.reload();
    await expect(toggle(page, 'Analytics cookies')).not.toBeChecked();
    await expect(toggle(page, 'Marketing cookies')).toBeChecked();
    await expect(toggle(page, 'Personalization cookies')).toBeChecked();
    await expect(toggle(page, 'Essential cookies')).toBeChecked();
    await expect(main(page).getByText(/Your choice was saved on/)).toBeVisible();
  });

  test('Reject All turns the three optional categories off, and that survives a reload', async ({ page }) => {
    await page.goto('/cookies');
    await toggle(page, 'Marketing cookies').click();
    await page.getByRole('button', { name: 'Reject All' }).click();
    await expect(toast(page, 'Optional cookies turned off')).toBeVisible();
    for (const name of ['Analytics cookies', 'Marketing cookies', 'Personalization cookies']) {
      await expect(toggle(page, name)).not.toBeChecked();
    }
    await expect(toggle(page, 'Essential cookies')).toBeChecked();
    await page.reload();
    for (const name of ['Analytics cookies', 'Marketing cookies', 'Personalization cookies']) {
      await expect(toggle(page, name)).not.toBeChecked();
    }
    // The server's HTML already has them off (the choice is a cookie it reads): nothing flips as
    // the app takes the page over. Radix's switch writes its state as aria-checked.
    const html = await (await page.request.get('/cookies')).text();
    const checked = [...html.matchAll(/role="switch" aria-checked="(true|false)"/g)].map((m) => m[1]);
    expect(checked).toEqual(['true', 'false', 'false', 'false']);
    const fresh = await (await page.request.get('/cookies', { headers: { cookie: '' } })).text();
    expect([...fresh.matchAll(/role="switch" aria-checked="(true|false)"/g)].map((m) => m[1])).toEqual([
      'true',
      'true',
      'false',
      'true',
    ]);
  });

  test('unsaved changes are not kept', async ({ page }) => {
    await page.goto('/cookies');
    await toggle(page, 'Marketing cookies').click();
    await page.reload();
    await expect(toggle(page, 'Marketing cookies')).not.toBeChecked();
  });
});

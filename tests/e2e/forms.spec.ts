import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures.ts';
import { toast } from './support/page.ts';

const form = (page: Page, name: string) => page.getByRole('form', { name });

/** Waits for the next answer to POST `path` while `action` runs; resolves to its status and JSON body. */
async function submitAndCapture(page: Page, path: string, action: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
    action(),
  ]);
  return {
    status: response.status(),
    body: (await response.json()) as Record<string, unknown>,
    sent: response.request().postDataJSON() as Record<string, unknown>,
  };
}

test.describe('contact form', () => {
  test('missing required fields get the error toast and nothing is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/inbox/contact') posted = true;
    });
    await page.goto('/contact');
    const contact = form(page, 'Contact form');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    const error = toast(page, 'Please fill in all required fields');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Error');
    await expect(contact.getByText('Name is required')).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expect(contact.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');

    // Subject stays optional; a malformed email is explained next to the field.
    await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Miles');
    await contact.getByRole('textbox', { name: 'Email', exact: true }).fill('jordan@');
    await contact.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByText('Enter a valid email address')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a valid message is stored, confirmed with the toast and the form resets', async ({ page }) => {
    await page.goto('/contact');
    const contact = form(page, 'Contact form');
    await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Miles');
    await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('contact'));
    await contact.getByLabel('Subject (optional)').fill('CSV export');
    await contact
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Where do I find the CSV export of my bets?');
    const answer = await submitAndCapture(page, '/api/inbox/contact', () =>
      contact.getByRole('button', { name: 'Send Message' }).click(),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = toast(page, 'Message Sent!');
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("We'll get back to you within 24 hours.");
    for (const label of ['Name', 'Email', 'Message']) {
      await expect(contact.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
    }
    await expect(contact.getByLabel('Subject (optional)')).toHaveValue('');

    // Without a subject it is stored too (a second message, a second stored row with its own id).
    await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Miles');
    await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('contact'));
    await contact.getByRole('textbox', { name: 'Message', exact: true }).fill('A follow-up question.');
    const second = await submitAndCapture(page, '/api/inbox/contact', () =>
      contact.getByRole('button', { name: 'Send Message' }).click(),
    );
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(answer.body.id);
  });

  test("the server's refusals are shown: a field error next to its field, and the spam limit", async ({ page }) => {
    await page.goto('/contact');
    const contact = form(page, 'Contact form');
    const fill = async () => {
      await contact.getByRole('textbox', { name: 'Name', exact: true }).fill('Jordan Miles');
      await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('spam'));
      await contact.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello there');
    };

    // A field the server refuses (simulated) is marked next to the field, and the toast says why.
    await page.route('/api/inbox/contact', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'email: This address cannot receive mail',
          fields: { email: 'This address cannot receive mail' },
        }),
      }),
    );
    await fill();
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Message not sent')).toContainText('This address cannot receive mail');
    await expect(contact.getByText('This address cannot receive mail')).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Hello there');
    await page.unroute('/api/inbox/contact');

    // The real server allows 5 messages a minute from one address; the 6th is refused and kept in the form.
    for (let i = 0; i < 5; i++) {
      await fill();
      const { status } = await submitAndCapture(page, '/api/inbox/contact', () =>
        contact.getByRole('button', { name: 'Send Message' }).click(),
      );
      expect(status).toBe(201);
    }
    await fill();
    const refused = await submitAndCapture(page, '/api/inbox/contact', () =>
      contact.getByRole('button', { name: 'Send Message' }).click(),
    );
    expect(refused.status).toBe(429);
    await expect(toast(page, 'Message not sent').filter({ hasText: 'Too many submissions' })).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Hello there');
  });
});

test.describe('advertiser inquiry', () => {
  test('missing required fields get the error toast', async ({ page }) => {
    await page.goto('/advertise');
    const inquiry = form(page, 'Advertising inquiry');
    await inquiry.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme Sports Media');
    await inquiry.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    await expect(inquiry.getByText('Email is required')).toBeVisible();
    await expect(inquiry.getByText('Message is required')).toBeVisible();
  });

  test('a valid inquiry is stored with budget and ad type, confirmed, and the form resets', async ({ page }) => {
    await page.goto('/advertise');
    const inquiry = form(page, 'Advertising inquiry');
    await inquiry.getByRole('textbox', { name: 'Company', exact: true }).fill('Acme Sports Media');
    await inquiry.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('ads'));
    await inquiry.getByLabel('Monthly budget').selectOption('1000-5000');
    await inquiry.getByLabel('Ad type').selectOption('sponsored');
    await inquiry
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('We would like to sponsor the weekly newsletter.');
    const answer = await submitAndCapture(page, '/api/inbox/advertise', () =>
      inquiry.getByRole('button', { name: 'Send Inquiry' }).click(),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.sent).toMatchObject({ budget: '1000-5000', adType: 'sponsored' });
    const sent = toast(page, 'Inquiry Sent!');
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("We'll contact you within 24 hours to discuss your advertising needs.");
    await expect(inquiry.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('');
    await expect(inquiry.getByLabel('Monthly budget')).toHaveValue('');
    await expect(inquiry.getByLabel('Ad type')).toHaveValue('');
    await expect(inquiry.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
  });

  test('budget and ad type are optional', async ({ page }) => {
    await page.goto('/advertise');
    const inquiry = form(page, 'Advertising inquiry');
    await inquiry.getByRole('textbox', { name: 'Company', exact: true }).fill('Small Club FC');
    await inquiry.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('club'));
    await inquiry.getByRole('textbox', { name: 'Message', exact: true }).fill('What would a banner cost?');
    const answer = await submitAndCapture(page, '/api/inbox/advertise', () =>
      inquiry.getByRole('button', { name: 'Send Inquiry' }).click(),
    );
    expect(answer.status).toBe(201);
    await expect(toast(page, 'Inquiry Sent!')).toBeVisible();
  });
});

test.describe('newsletter', () => {
  test('a valid email is subscribed (once, whatever its case) with a success toast', async ({ page }) => {
    const email = uniqueEmail('news');
    await page.goto('/follow');
    const newsletter = form(page, 'Newsletter sign-up');
    await newsletter.getByLabel('Email address').fill(email);
    const first = await submitAndCapture(page, '/api/inbox/newsletter', () =>
      newsletter.getByRole('button', { name: 'Subscribe' }).click(),
    );
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ email, subscribed: true });
    await expect(toast(page, "You're subscribed!")).toBeVisible();
    await expect(newsletter.getByLabel('Email address')).toHaveValue('');

    await newsletter.getByLabel('Email address').fill(email.toUpperCase());
    const again = await submitAndCapture(page, '/api/inbox/newsletter', () =>
      newsletter.getByRole('button', { name: 'Subscribe' }).click(),
    );
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });

  test('an invalid email gets a clear error and is not sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/inbox/newsletter') posted = true;
    });
    await page.goto('/follow');
    const newsletter = form(page, 'Newsletter sign-up');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletter.getByText('Email is required')).toBeVisible();
    await newsletter.getByLabel('Email address').fill('not-an-email');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletter.getByText('Enter a valid email address')).toBeVisible();
    await expect(newsletter.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(newsletter.getByLabel('Email address')).toBeFocused();
    expect(posted).toBe(false);
  });
});

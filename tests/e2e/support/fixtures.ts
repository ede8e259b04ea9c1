import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

let ipCounter = 0;

/**
 * Makes page.goto and page.reload return once the page has loaded AND React has taken it over
 * (app-providers.tsx marks <html>): the server sends the page's HTML first, the app's JavaScript
 * only after it is painted (src/client/main.tsx), and a click on a button before hydration does
 * nothing. Polled from here, not in the page, so a test's fake clock (page.clock) can't stop the
 * wait. Every page a test opens goes through this: the fixture's, and each other browser's.
 */
export function loadsUntilHydrated(page: Page): Page {
  const untilHydrated = () =>
    expect
      .poll(
        () =>
          page.evaluate(
            () => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
          ),
        // Twice the suite's 10 s for an assertion: hydration waits for the page's own requests, and
        // on a 2-core host running two workers and the server (as CI's), one took over 10 s.
        { message: 'the page was never hydrated', timeout: 20_000 },
      )
      .toBe(true);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilHydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilHydrated();
    return response;
  };
  return page;
}

/**
 * Every test browses from its own client address (the e2e server trusts X-Forwarded-For), so
 * per-IP rate limits apply per test as they would per visitor, and tests never starve each other.
 */
export const test = base.extend({
  /** page.goto and page.reload wait for hydration (loadsUntilHydrated). */
  page: async ({ page }, use) => {
    await use(loadsUntilHydrated(page));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
  extraHTTPHeaders: async ({}, use, testInfo) => {
    ipCounter += 1;
    await use({
      'x-forwarded-for': `10.${testInfo.workerIndex % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`,
    });
  },
});
export { expect };

let emailCounter = 0;
export const uniqueEmail = (prefix = 'bettor') =>
  `${prefix}.${Date.now().toString(36)}${process.pid.toString(36)}${(emailCounter++).toString(36)}@example.com`;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The link in the newest outbox mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function mailedLink(to: string, subject: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      // outbox not created yet
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxMail;
      if (mail.to === to.toLowerCase() && mail.subject.includes(subject)) {
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        if (link) return link;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" mail to ${to} in the outbox`);
}

export const mailCount = (to: string, subject: string): number => {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  try {
    return readdirSync(dir).filter((f) => {
      const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail;
      return mail.to === to.toLowerCase() && mail.subject.includes(subject);
    }).length;
  } catch {
    return 0;
  }
};

export const DEFAULT_PASSWORD = 'correct-horse-battery-9';

/**
 * Creates a confirmed account through the API, as the sign-up form does (the 18-or-older box
 * ticked) and the mailed confirmation link. The link signs the account in; the helper signs that
 * session out again, so `request`'s browser context is left as it was.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  opts: { email?: string; password?: string; name?: string } = {},
) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: opts.name ?? '', ageConfirmed: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const link = await mailedLink(email, 'Confirm');
  const confirm = await request.get(link, { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  // With a session cookie to send, Better Auth wants the Origin a browser would send.
  const signOut = await request.post('/api/auth/sign-out', { data: {}, headers: { origin: new URL(link).origin } });
  expect(signOut.status(), await signOut.text()).toBe(200);
  return { email, password };
}

/** The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@betproof.test';

/**
 * Signs the e2e admin in on `request` (a page's request shares its browser context's cookies). The
 * account is made once for the run, before the specs (global-setup.ts).
 */
export async function signInAdminRequest(request: APIRequestContext) {
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN_EMAIL, password: DEFAULT_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The e2e admin, signed in in this page's browser context in place of whoever was. */
export async function signInAsAdmin(page: Page) {
  await page.context().clearCookies();
  await signInAdminRequest(page.request);
}

/** A confirmed account, signed in in this page's browser context (the cookie is shared). */
export async function signedInUser(page: Page, opts: { email?: string; password?: string; name?: string } = {}) {
  const user = await createConfirmedUser(page.request, opts);
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

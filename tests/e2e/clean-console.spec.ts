import type { Page } from '@playwright/test';
import { expect, signedInUser, test } from './support/fixtures.ts';

/*
 * The pages Lighthouse scores (bench/lighthouse.ts) load without a console error, an uncaught
 * exception or a Content-Security-Policy violation (Best Practices counts each). A violation the
 * page swallows (zod probing whether it may eval) is still reported, so we listen for the event.
 */

/** Starts listening before the page's first script runs; returns what was heard. */
async function listen(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return problems;
}

async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await page.waitForLoadState('networkidle');
}

test.describe('pages load cleanly: no console errors, no CSP violations', () => {
  test('/ and /auth, signed out', async ({ page }) => {
    const problems = await listen(page);
    await visit(page, '/', 'Track your betting performance with precision');
    await visit(page, '/auth', 'Welcome to betproof');
    expect(problems).toEqual([]);
  });

  test('/dashboard and the public profile, signed in', async ({ page }) => {
    const problems = await listen(page);
    await signedInUser(page);
    await visit(page, '/dashboard', /^Welcome back, /);
    const res = await page.request.get('/api/profile');
    const { username } = (await res.json()) as { username: string };
    await visit(page, `/${username}`, new RegExp(username));
    expect(problems).toEqual([]);
  });
});

import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/*
 * A click works from the first paint to the end of hydration (docs/decisions/030): a link
 * navigates (natively, until the router runs), a button acts (its click is replayed once the app
 * has taken the page over). Each try opens the page in a fresh browser tab whose scripts are held
 * back by a different delay and clicks at a different moment of its load, so the clicks land
 * before the app's scripts ran, while React hydrates, and after.
 */

/** Where a click landed in the page's load, read in the page at the moment of the click. */
type Moment = 'before the app' | 'during hydration' | 'hydrated';

/** How long the try's scripts are held back (ms): spread over 0-600 ms, so tries fall in each moment. */
const scriptDelay = (attempt: number, tries: number) => Math.round(((attempt * 7) % tries) * (600 / tries));
/** How long after the first byte the try clicks (ms). */
const clickDelay = (attempt: number, tries: number) => Math.round((attempt / tries) * 2000);
/**
 * The last quarter of the tries click once the app has taken the page over, however long that takes:
 * on a loaded host hydration can outlast every timed click, and a click after it must work too.
 */
const clicksOnceHydrated = (attempt: number, tries: number) => attempt >= tries - Math.ceil(tries / 4);

/** A fresh tab whose scripts arrive `delayMs` late (routing a page also turns its HTTP cache off). */
async function delayedTab(context: BrowserContext, delayMs: number) {
  const page = await context.newPage();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  return page;
}

/** The moment of the page's load, as the page itself knows it. */
const momentOf = (page: Page): Promise<Moment> =>
  page.evaluate(() => {
    if (document.documentElement.hasAttribute('data-hydrated')) return 'hydrated';
    const root = document.getElementById('root');
    // hydrateRoot marks its container with a React-internal key.
    return root && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
      ? 'during hydration'
      : 'before the app';
  });

interface Case {
  page: string;
  /** Clicks the call to action. */
  click: (page: Page) => Promise<void>;
  /** Passes once the click has navigated or acted. */
  done: (page: Page) => Promise<void>;
}

/** Loads `c.page` `tries` times, clicking at a different moment each time; every click must work. */
async function clickAcrossTheLoad(context: BrowserContext, c: Case, tries: number) {
  const moments: Moment[] = [];
  const failures: string[] = [];
  for (let attempt = 0; attempt < tries; attempt++) {
    const page = await delayedTab(context, scriptDelay(attempt, tries));
    await page.goto(c.page, { waitUntil: 'commit' });
    if (clicksOnceHydrated(attempt, tries)) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    else await page.waitForTimeout(clickDelay(attempt, tries));
    const moment = await momentOf(page);
    moments.push(moment);
    await c.click(page);
    try {
      await c.done(page);
    } catch {
      failures.push(`try ${attempt} (${moment}, scripts +${scriptDelay(attempt, tries)} ms): ${page.url()}`);
    }
    await page.close();
  }
  expect(failures).toEqual([]);
  // The tries did spread over the load: some clicks before the app ran, some once it had.
  expect(moments).toContain('hydrated');
  expect(moments.filter((m) => m !== 'hydrated').length).toBeGreaterThan(0);
}

// Fifty page loads per test, each with its scripts held back: on a 2-core host under the suite's
// other worker this takes minutes (the landing now loads its icons in two chunks, each held back).
test.describe.configure({ timeout: 480_000 });

test('the landing page’s "Get Started for Free" opens the sign-up form whenever it is clicked', async ({ context }) => {
  await clickAcrossTheLoad(
    context,
    {
      page: '/',
      click: (page) => page.getByRole('link', { name: 'Get Started for Free' }).click(),
      done: async (page) => {
        await expect(page).toHaveURL(/\/auth\?mode=signup$/, { timeout: 5000 });
        await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
      },
    },
    50,
  );
});

test('the landing page’s demo link opens the demo whenever it is clicked', async ({ context }) => {
  await clickAcrossTheLoad(
    context,
    {
      page: '/',
      click: (page) => page.getByRole('link', { name: 'Try the Demo, No Signup' }).click(),
      done: async (page) => {
        await expect(page).toHaveURL(/\/\?demo=1$/, { timeout: 5000 });
        // A click before the app ran is a full load of /?demo=1, rendered per request, then the
        // demo's own chunk: on a loaded host that takes longer than the expect default.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Dashboard', { timeout: 20_000 });
      },
    },
    24,
  );
});

test('the sign-in page’s Sign Up tab opens whenever it is clicked', async ({ context }) => {
  await clickAcrossTheLoad(
    context,
    {
      page: '/auth',
      click: (page) => page.getByRole('tab', { name: 'Sign Up' }).click(),
      done: async (page) => {
        await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true', {
          timeout: 5000,
        });
        await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
      },
    },
    16,
  );
});

test('the footer’s links navigate whenever they are clicked', async ({ context }) => {
  await clickAcrossTheLoad(
    context,
    {
      page: '/about',
      click: (page) => page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click(),
      done: async (page) => {
        await expect(page).toHaveURL(/\/privacy$/, { timeout: 5000 });
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
      },
    },
    16,
  );
});

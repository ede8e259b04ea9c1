import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { createBettor, recordAndSettle, times } from './support/community.ts';
import { expect, signedInUser, test } from './support/fixtures.ts';

/**
 * Initial JavaScript per page, gzipped: every script the browser fetched from our origin until
 * the page had rendered its heading and the network went quiet (the entry, its static imports,
 * the route's lazy chunk and whatever that chunk pulls in at once). Sizes come from the built
 * files in dist/client, gzipped here with zlib's default level (6, what on-the-fly compression
 * sends), so the figure is the bytes on the wire, not the browser's cache state.
 */
const CLIENT_DIR = path.resolve('dist/client');
const KB = 1000; // the unit Vite's build report uses

interface Budget {
  path: string;
  maxKb: number;
  heading: string | RegExp;
  signedIn?: boolean;
}

const BUDGETS: Budget[] = [
  { path: '/', maxKb: 150, heading: 'Track your betting performance with precision' },
  { path: '/auth', maxKb: 250, heading: 'Welcome to betproof' },
  { path: '/dashboard', maxKb: 250, heading: /^Welcome back, /, signedIn: true },
];

/** The script files (paths under our origin) the page fetches while it loads and renders. */
async function scriptsLoadedBy(page: Page, budget: Budget): Promise<string[]> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(budget.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(budget.heading);
  // Chunks the rendered page requests right away (e.g. a chart it shows) count too.
  await page.waitForLoadState('networkidle');
  return [...scripts].sort();
}

const gzippedSize = (urlPath: string) => gzipSync(readFileSync(path.join(CLIENT_DIR, urlPath))).length;

/** The entry script index.html loads: every page must have fetched it, or we measured nothing. */
function entryScript(): string {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('dist/client/index.html has no module entry script');
  return src;
}

test.describe('page budgets: initial JavaScript, gzipped', () => {
  for (const budget of BUDGETS) {
    test(`${budget.path} loads at most ${budget.maxKb} KB of JavaScript`, async ({ page }) => {
      if (budget.signedIn) await signedInUser(page);
      const scripts = await scriptsLoadedBy(page, budget);
      expect(scripts).toContain(entryScript());

      const sizes = scripts.map((file) => ({ file, gzipBytes: gzippedSize(file) }));
      const totalBytes = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
      const report = [
        `${budget.path}: ${(totalBytes / KB).toFixed(1)} KB gzipped in ${sizes.length} files (budget ${budget.maxKb} KB)`,
        ...sizes
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .map((s) => `  ${(s.gzipBytes / KB).toFixed(1).padStart(6)} KB  ${s.file}`),
      ].join('\n');
      console.log(report);
      test.info().annotations.push({ type: 'initial JS', description: report });

      expect(totalBytes, report).toBeLessThanOrEqual(budget.maxKb * KB);
    });
  }
});

/**
 * The first use of Intl on a page loads ICU's locale data: 60-80 ms of main-thread work at
 * Lighthouse's 4x CPU, as a page's modules load (docs/decisions/011). None of these pages may
 * build an Intl formatter while it loads and hydrates.
 */
test.describe('page budgets: no Intl formatter on load', () => {
  for (const budget of BUDGETS) {
    test(`${budget.path} builds none`, async ({ page }) => {
      if (budget.signedIn) await signedInUser(page);
      await page.addInitScript(() => {
        const built: string[] = [];
        (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
        for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat'] as const) {
          const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
          const Counted = function (this: unknown, ...args: unknown[]) {
            built.push(name);
            return new Original(...args);
          };
          Object.defineProperty(Intl, name, { value: Counted, configurable: true, writable: true });
        }
      });
      await page.goto(budget.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(budget.heading);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt)).toEqual([]);
    });
  }
});

/**
 * zod builds a schema as its module loads: the bets, profiles and community contracts cost about
 * 250 ms of main-thread work at Lighthouse's 4x CPU. Pages that show bets import the rules modules,
 * which build none (docs/decisions/015); zod loads with a form when a person reaches for it. zod
 * keeps its registry in a global from the moment it loads: none may be there once these pages have
 * hydrated and the network is quiet.
 */
test.describe('page budgets: no zod on load', () => {
  const zodLoaded = (page: Page) => page.evaluate(() => '__zod_globalRegistry' in globalThis);

  for (const budget of BUDGETS) {
    test(`${budget.path} loads none`, async ({ page }) => {
      if (budget.signedIn) await signedInUser(page);
      await page.goto(budget.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(budget.heading);
      await page.waitForLoadState('networkidle');
      expect(await zodLoaded(page)).toBe(false);
    });
  }

  test('a public profile with settled and pending bets loads none', async ({ page, baseURL }) => {
    const bettor = await createBettor(baseURL, 'Zodless Bettor');
    await recordAndSettle(bettor, [...times(2, { result: 'won' }), { result: 'lost' }, { result: 'pending' }]);
    await page.goto(`/${bettor.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zodless Bettor');
    await expect(page.getByRole('listitem').filter({ hasText: 'Zodless Bettor pick 4' })).toContainText('Pending');
    await page.waitForLoadState('networkidle');
    expect(await zodLoaded(page)).toBe(false);
    await bettor.api.dispose();
  });
});

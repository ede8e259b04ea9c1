import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { formatWholeNumber } from '../../src/shared/number-format.ts';
import type { SiteCounts } from '../../src/shared/community-schemas.ts';
import { SAMPLE_FIGURES } from '../../src/client/features/marketing/sample-record.ts';

/** The marketing pages: where a made-up figure would sell the product. */
const PAGES = ['/', '/about', '/follow', '/advertise', '/contact'];

/**
 * Anything in the page's text that reads as a statistic about the site: a percentage, an
 * abbreviated count ("50K+", "2M"), a grouped number ("48,210"), a count of followers or users,
 * "24/7". Money is left out first: the pages' amounts are prices and the labelled example record.
 */
function figuresIn(text: string): string[] {
  const withoutMoney = text.replace(/[+-]?\$[\d,.]+[KkMm]?(?:\s*[-–]\s*\$?[\d,.]+[KkMm]?)?/g, ' ');
  const pattern =
    /\d[\d,]*(?:\.\d+)?%|\b\d[\d,.]*\s?[KkMm]\+?(?![a-z])|\b\d{1,3}(?:,\d{3})+\b|\b\d[\d,]*\s+(?:followers|members|users|subscribers)\b|\b24\/7\b/g;
  return withoutMoney.match(pattern) ?? [];
}

/**
 * The page's main text once the counted figures (if it shows them) have arrived, less the
 * helplines' own details (third parties' opening hours, "24/7", as they publish them).
 */
async function mainText(page: Page, path: string): Promise<{ text: string; counts: SiteCounts | null }> {
  let counts: SiteCounts | null = null;
  const onResponse = (r: Response) => {
    if (new URL(r.url()).pathname === '/api/community/counts')
      void r.json().then((body: SiteCounts) => (counts = body));
  };
  page.on('response', onResponse);
  await page.goto(path);
  const band = page.getByTestId('site-counts');
  if ((await band.count()) > 0) {
    await expect(band.locator('dd').first()).not.toHaveText('—');
    await expect.poll(() => counts).not.toBeNull();
  }
  page.off('response', onResponse);
  const text = await page.getByRole('main').innerText();
  const helplines = page.getByRole('region', { name: 'Gamble responsibly' });
  return {
    text: (await helplines.count()) > 0 ? text.replace(await helplines.innerText(), ' ') : text,
    counts,
  };
}

test.describe('figures on the marketing pages', () => {
  test('every figure a marketing page shows is one the database counted (or the example record works out, sample-record.test.ts)', async ({
    page,
  }) => {
    for (const path of PAGES) {
      const { text, counts } = await mainText(page, path);
      const allowed = new Set<string>([SAMPLE_FIGURES.winRate]);
      if (counts)
        for (const n of [counts.publicBettors, counts.betsRecorded, counts.betsGraded, counts.ledgerEntries])
          allowed.add(formatWholeNumber(n));
      const unexplained = figuresIn(text).filter((figure) => !allowed.has(figure));
      expect(unexplained, `figures on ${path} that nothing counted`).toEqual([]);
    }
    // The scan itself finds what it is for.
    expect(
      figuresIn('$500-2K/month · 50K+ users · 2M+ bets · 99.9% uptime · 24/7 · 48,210 followers · 12 members'),
    ).toEqual(['50K+', '2M+', '99.9%', '24/7', '48,210', '12 members']);
  });

  test('the counted figures are the API’s, each with its label and what it counts', async ({ page }) => {
    // The answer the page itself got (the server counts again each minute while other tests write).
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/community/counts');
    await page.goto('/');
    const counts = (await (await answered).json()) as SiteCounts;
    const band = page.getByTestId('site-counts');
    for (const [label, value] of [
      ['Bettors with a public record', counts.publicBettors],
      ['Bets recorded', counts.betsRecorded],
      ['Bets graded from results', counts.betsGraded],
      ['Ledger entries', counts.ledgerEntries],
    ] as const) {
      const figure = band.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
      await expect(figure.locator('dd').first()).toHaveText(formatWholeNumber(value));
    }
    await expect(band).toContainText('One per bet recorded, settled or deleted');
  });

  test('the example record’s figures are worked out from its bets; the footer’s year is the clock’s', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2031-03-04T12:00:00Z'));
    await page.goto('/');
    const example = page.getByRole('figure');
    await expect(example.getByText('66.7%', { exact: true })).toBeVisible();
    await expect(example.getByText('+$50.45', { exact: true })).toBeVisible();
    await expect(example.getByText('+$45.45', { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© 2031 betproof');
  });
});

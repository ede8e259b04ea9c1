/** What several end-to-end specs read or type on a page, written once. */
import type { Page } from '@playwright/test';

/** A datetime-local value `hours` from now, in the browser's own time zone (what a person would type). */
export const localDateTimeIn = (page: Page, hours: number) =>
  page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);

/** The figure of a statistic's card, found by the card's accessible name (its title). */
export const statValue = (page: Page, title: string) =>
  page.getByRole('group', { name: title }).getByTestId('stat-value');

/** Starts summing the page's layout shifts (those no input caused) before its first script runs. */
export const watchLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The page's cumulative layout shift so far (watchLayoutShifts must have been called before it loaded). */
export const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));

/** A toast (sonner's) holding `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A bet of the landing page's demo, found by its description (its heading). */
export const demoBet = (page: Page, description: string) =>
  page.getByTestId('demo-bet').filter({ has: page.getByRole('heading', { name: description, exact: true }) });

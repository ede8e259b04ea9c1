import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { AdminAnalytics } from '../../src/shared/admin.ts';
import { CLOCK_HEADER } from './support/bets.ts';
import { expect, signedInUser, signInAdminRequest, test } from './support/fixtures.ts';
import { HOUR_MS, DAY_MS } from '../../src/shared/time-units.ts';

/*
 * Every chart in the app, at a phone's width and a desktop's: the profile's Cumulative Profit,
 * Profit by Sport and Profit by Month, and the admin's two weekly charts. Each is read from its
 * drawing (a zero line labelled $0 or 0, ticks at round values, the table's order, no two labels
 * overlapping) and compared with a committed screenshot, so a chart that changes shows up here.
 *
 * The data is fixed: the bettor's bets are recorded and settled on server clocks moved to fixed
 * dates in 2026 (the charts' dates are the games', not the run's), and the admin's counts come from
 * a fixed answer (the e2e database is shared with other specs, whose signups it would count). The
 * browser reads in UTC and en-US; motion is reduced and screenshots wait for a still frame.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const WIDTHS = [390, 1280] as const;

interface PlannedBet {
  /** The event's start, UTC. */
  at: string;
  sport: string;
  odds: string;
  amount: string;
  status: 'won' | 'lost';
}

/*
 * Six months with an empty one in the middle (April): both signs, and profits by month of +$20,
 * −$50, $0, +$35, −$20 and +$80 (+$65 in all); by sport football +$100, basketball +$45, baseball
 * −$40, soccer −$50, tennis +$70, MMA −$60.
 */
const PLAN: PlannedBet[] = [
  { at: '2026-02-10T14:00:00Z', sport: 'soccer', odds: '2.00', amount: '50', status: 'won' },
  { at: '2026-02-20T14:00:00Z', sport: 'basketball', odds: '2.00', amount: '30', status: 'lost' },
  { at: '2026-03-05T14:00:00Z', sport: 'tennis', odds: '+150', amount: '20', status: 'won' },
  { at: '2026-03-18T14:00:00Z', sport: 'soccer', odds: '1.90', amount: '80', status: 'lost' },
  { at: '2026-05-07T14:00:00Z', sport: 'basketball', odds: '3/1', amount: '25', status: 'won' },
  { at: '2026-05-21T14:00:00Z', sport: 'baseball', odds: '2.10', amount: '40', status: 'lost' },
  { at: '2026-06-09T14:00:00Z', sport: 'mma', odds: '+120', amount: '60', status: 'lost' },
  { at: '2026-06-25T14:00:00Z', sport: 'tennis', odds: '1.80', amount: '50', status: 'won' },
  { at: '2026-07-14T14:00:00Z', sport: 'football', odds: '-110', amount: '110', status: 'won' },
  { at: '2026-07-30T14:00:00Z', sport: 'soccer', odds: '2.50', amount: '20', status: 'lost' },
];

/** The clock header that makes one request see the server's clock at `at`. */
const clockAt = (at: number) => ({ [CLOCK_HEADER]: String(Math.round(at - Date.now())) });

/** Records each planned bet a day before its game and settles it two hours after the start. */
async function seedRecord(page: Page) {
  for (const [i, bet] of PLAN.entries()) {
    const start = Date.parse(bet.at);
    const recorded = await page.request.post('/api/bets', {
      data: {
        description: `Chart bet ${i + 1}`,
        sport: bet.sport,
        odds: bet.odds,
        amount: bet.amount,
        eventDate: bet.at,
      },
      headers: clockAt(start - DAY_MS),
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    const { id } = (await recorded.json()) as { id: string };
    const settled = await page.request.patch(`/api/bets/${id}`, {
      data: { status: bet.status },
      headers: clockAt(start + 2 * HOUR_MS),
    });
    expect(settled.status(), await settled.text()).toBe(200);
  }
}

/** Twelve Mondays from 2026-09-07 to 2026-11-23, with fixed counts (two empty weeks). */
const WEEKS = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10));
const ADMIN_ANALYTICS: AdminAnalytics = {
  overview: {
    totalUsers: 62,
    activeUsers: 48,
    verifiedUsers: 9,
    pendingUsers: 2,
    totalBets: 3002,
    avgWinRate: 51.3,
  } as AdminAnalytics['overview'],
  signupsPerWeek: WEEKS.map((week, i) => ({ week, count: [3, 5, 2, 0, 7, 4, 6, 1, 0, 8, 5, 3][i]! })),
  betsPerWeek: WEEKS.map((week, i) => ({
    week,
    count: [120, 245, 198, 310, 0, 276, 402, 355, 289, 0, 417, 190][i]!,
  })),
};

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

type Axis = 'xAxis' | 'yAxis' | 'any';

/** Each label of a chart's axis (or of all its axes) as drawn: its text and its box on the page. */
async function tickBoxes(chart: Locator, axis: Axis): Promise<Box[]> {
  const labels = chart.locator(
    `${axis === 'any' ? '' : `.recharts-${axis}-tick-labels `}text.recharts-cartesian-axis-tick-value`,
  );
  await expect(labels.first()).toBeAttached();
  return labels.evaluateAll((texts) =>
    texts.map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent ?? '', x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No two labels of a chart overlap, and each lies inside the chart's drawing. */
async function expectLabelsApart(chart: Locator) {
  const svg = chart.locator('svg.recharts-surface').first();
  const frame = (await svg.boundingBox())!;
  const boxes = await tickBoxes(chart, 'any');
  expect(boxes.length).toBeGreaterThan(2);
  for (const box of boxes) {
    expect(box.x, `"${box.text}" starts left of the chart`).toBeGreaterThanOrEqual(frame.x - 0.5);
    expect(box.x + box.width, `"${box.text}" ends right of the chart`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `"${a.text}" overlaps "${b.text}"`).toBe(false);
}

/** '-$1.5k' → -1500, '$0' → 0, '12' → 12. */
const tickValue = (text: string) => {
  const match = /^(-?)\$?([\d.,]+)([kM]?)$/.exec(text.replace('−', '-'));
  if (!match) throw new Error(`not a number tick: "${text}"`);
  const scale = match[3] === 'k' ? 1e3 : match[3] === 'M' ? 1e6 : 1;
  return (match[1] ? -1 : 1) * Number(match[2]!.replace(/,/g, '')) * scale;
};

/** A round step: 1, 2, 2.5 or 5 times a power of ten. */
const isRoundStep = (step: number) => {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5].some((m) => Math.abs(mantissa - m) < 1e-9);
};

/**
 * A value axis: its labels are equally spaced round values through zero, zero reads `zero`, and
 * the zero line (`line`: a ReferenceLine, or the axis itself for counts) is drawn at the zero label.
 */
async function expectValueAxis(chart: Locator, axis: Axis, zero: string, zeroLine: Locator) {
  const boxes = await tickBoxes(chart, axis);
  const values = boxes.map((b) => tickValue(b.text));
  expect(values).toContain(0);
  expect(boxes.find((b) => tickValue(b.text) === 0)!.text).toBe(zero);
  const sorted = [...values].sort((a, b) => a - b);
  expect(values.length === sorted.length && sorted.every((v, i) => i === 0 || v > sorted[i - 1]!)).toBe(true);
  const steps = sorted.slice(1).map((v, i) => v - sorted[i]!);
  expect(new Set(steps.map((s) => s.toFixed(6))).size, `uneven ticks ${sorted.join(', ')}`).toBe(1);
  expect(isRoundStep(steps[0]!), `step ${steps[0]} is not round`).toBe(true);
  const zeroBox = boxes.find((b) => tickValue(b.text) === 0)!;
  const line = (await zeroLine.boundingBox())!;
  if (axis === 'yAxis') expect(Math.abs(zeroBox.y + zeroBox.height / 2 - line.y - line.height / 2)).toBeLessThan(1.5);
  else expect(Math.abs(zeroBox.x + zeroBox.width / 2 - line.x - line.width / 2)).toBeLessThan(1.5);
}

/** axe-core, WCAG 2 A and AA, on the page with its charts drawn; toasts come and go. */
async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
  ).toEqual([]);
}

/** Screenshots compare a still chart: no caret, no hover, no animation left running. */
async function expectChartScreenshot(chart: Locator, name: string) {
  await chart.page().mouse.move(0, 0);
  await expect(chart).toHaveScreenshot(name, { animations: 'disabled', caret: 'hide' });
}

for (const width of WIDTHS) {
  test(`the profile's three charts at ${width} px: zero line, round ticks, the table's order, labels apart, and as drawn before`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signedInUser(page, { name: 'Chart Bettor' });
    await seedRecord(page);
    await page.goto('/profile?tab=analytics');

    const cumulative = page.getByTestId('chart-cumulative');
    const bySport = page.getByTestId('chart-sport');
    const byMonth = page.getByTestId('chart-month');
    await expect(cumulative).toContainText('+$65.00 after 10 settled bets');

    // Cumulative profit: money up the side, through $0 on the zero line; dates along the bottom, in order.
    await expectValueAxis(cumulative, 'yAxis', '$0', cumulative.locator('.recharts-reference-line line'));
    const dates = (await tickBoxes(cumulative, 'xAxis')).map((b) => b.text);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(dates.map((d) => Date.parse(`${d} 2026 UTC`))).toEqual(
      dates.map((d) => Date.parse(`${d} 2026 UTC`)).sort((a, b) => a - b),
    );
    await expectLabelsApart(cumulative);

    // By sport: sports down the side, money along the bottom through $0.
    await expectValueAxis(bySport, 'xAxis', '$0', bySport.locator('.recharts-reference-line line'));
    const sports = (await tickBoxes(bySport, 'yAxis')).map((b) => b.text);
    const sportRows = await bySport.getByRole('table').getByRole('rowheader').allTextContents();
    expect(sports).toEqual(sportRows);
    await expectLabelsApart(bySport);

    // By month: every month from February to July, April empty, oldest first in chart and table alike.
    await expectValueAxis(byMonth, 'yAxis', '$0', byMonth.locator('.recharts-reference-line line'));
    const monthTable = byMonth.getByRole('table');
    await expect(monthTable.getByRole('rowheader')).toHaveText([
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
    ]);
    await expect(monthTable.locator('tbody tr td:last-child')).toHaveText([
      '+$20.00',
      '-$50.00',
      '$0.00',
      '+$35.00',
      '-$20.00',
      '+$80.00',
    ]);
    const monthTicks = (await tickBoxes(byMonth, 'xAxis')).map((b) => b.text);
    const allMonths = ["Feb '26", "Mar '26", "Apr '26", "May '26", "Jun '26", "Jul '26"];
    // Ticks may be thinned where they would not fit; those shown are the table's months, in its order.
    expect(monthTicks.length).toBeGreaterThanOrEqual(3);
    expect(monthTicks).toEqual(allMonths.filter((m) => monthTicks.includes(m)));
    await expectLabelsApart(byMonth);

    await expectNoA11yViolations(page);
    await expectChartScreenshot(cumulative, `cumulative-profit-${width}.png`);
    await expectChartScreenshot(bySport, `profit-by-sport-${width}.png`);
    await expectChartScreenshot(byMonth, `profit-by-month-${width}.png`);
  });

  test(`the admin's weekly charts at ${width} px: zero at the base, whole round ticks, weeks in order, labels apart, and as drawn before`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAdminRequest(page.request);
    await page.route('**/api/admin/analytics', (route) => route.fulfill({ json: ADMIN_ANALYTICS }));
    await page.goto('/admin?tab=analytics');

    for (const [testId, series] of [
      ['signups-chart', ADMIN_ANALYTICS.signupsPerWeek],
      ['bets-chart', ADMIN_ANALYTICS.betsPerWeek],
    ] as const) {
      const chart = page.getByTestId(testId);
      await expect(chart).toContainText(`${series.reduce((n, w) => n + w.count, 0).toLocaleString('en-US')}`);
      await expectValueAxis(chart, 'yAxis', '0', chart.locator('.recharts-xAxis line.recharts-cartesian-axis-line'));
      const weeks = (await tickBoxes(chart, 'xAxis')).map((b) => b.text);
      const allWeeks = series.map((w) =>
        new Date(`${w.week}T00:00:00Z`).toLocaleDateString('en-US', {
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        }),
      );
      expect(weeks.length).toBeGreaterThanOrEqual(3);
      expect(weeks).toEqual(allWeeks.filter((w) => weeks.includes(w)));
      // The table (for a screen reader) lists the weeks in the chart's order.
      await expect(chart.getByRole('table').locator('tbody tr td:first-child')).toHaveText(
        series.map((w) =>
          new Date(`${w.week}T00:00:00Z`).toLocaleDateString('en-US', {
            month: 'short',
            day: 'numeric',
            year: 'numeric',
            timeZone: 'UTC',
          }),
        ),
        { useInnerText: false },
      );
      await expectLabelsApart(chart);
      await expectChartScreenshot(chart, `admin-${testId}-${width}.png`);
    }
    await expectNoA11yViolations(page);
  });
}

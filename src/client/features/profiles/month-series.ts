import type { Analytics } from '../../../shared/profile-schemas.ts';

type Month = Analytics['byMonth'][number];

/** 'YYYY-MM' of a year and a month (1–12, or beyond: 13 is next January). */
const monthKey = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The record's last `count` calendar months, oldest first, ending at its last month with a
 * settlement: a month with none is there as 0 bets and $0, so neighbouring bars are neighbouring
 * months (the server lists only months that had a settlement). The chart and its table show these.
 */
export function lastMonths(rows: Month[], count = 12): Month[] {
  const last = rows.at(-1)?.month;
  const first = rows[0]?.month;
  if (!last || !first) return [];
  const [year, month] = last.split('-').map(Number) as [number, number];
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months: Month[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const key = monthKey(year, month - back);
    if (key >= first) months.push(byMonth.get(key) ?? { month: key, bets: 0, profit: '0.00' });
  }
  return months;
}

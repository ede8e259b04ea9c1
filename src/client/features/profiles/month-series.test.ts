import { describe, expect, it } from 'vitest';
import { lastMonths } from './month-series.ts';

describe('lastMonths', () => {
  it('fills the months without a settlement, so the bars are consecutive months', () => {
    expect(
      lastMonths([
        { month: '2026-02', bets: 2, profit: '20.00' },
        { month: '2026-05', bets: 2, profit: '-35.00' },
      ]),
    ).toEqual([
      { month: '2026-02', bets: 2, profit: '20.00' },
      { month: '2026-03', bets: 0, profit: '0.00' },
      { month: '2026-04', bets: 0, profit: '0.00' },
      { month: '2026-05', bets: 2, profit: '-35.00' },
    ]);
  });

  it('keeps the last twelve calendar months, across a new year, oldest first', () => {
    const months = lastMonths([
      { month: '2025-01', bets: 1, profit: '5.00' },
      { month: '2025-10', bets: 1, profit: '-5.00' },
      { month: '2026-09', bets: 3, profit: '12.50' },
    ]);
    expect(months.map((m) => m.month)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    expect(months[0]).toEqual({ month: '2025-10', bets: 1, profit: '-5.00' });
    expect(months.at(-1)).toEqual({ month: '2026-09', bets: 3, profit: '12.50' });
  });

  it('has nothing for a record with no settlement', () => {
    expect(lastMonths([])).toEqual([]);
  });
});

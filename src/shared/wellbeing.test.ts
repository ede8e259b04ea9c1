import { describe, expect, it } from 'vitest';
import { budgetPeriodRange, budgetStanding, daysLeftIn, levelOf, lossChase, medianCents } from './wellbeing.ts';

const at = (iso: string) => new Date(iso);

describe('budget periods (UTC calendar days)', () => {
  it('a week runs Monday to Sunday', () => {
    // 2026-11-28 is a Saturday.
    expect(budgetPeriodRange('week', null, at('2026-11-28T23:59:59Z'))).toEqual({
      start: '2026-11-23',
      end: '2026-11-30',
    });
    expect(budgetPeriodRange('week', null, at('2026-11-30T00:00:00Z'))).toEqual({
      start: '2026-11-30',
      end: '2026-12-07',
    });
  });
  it('a month is its calendar month, across a year end', () => {
    expect(budgetPeriodRange('month', null, at('2026-12-31T12:00:00Z'))).toEqual({
      start: '2026-12-01',
      end: '2027-01-01',
    });
  });
  it('from a pay day: the last pay day to the next, a short month paying on its last day', () => {
    expect(budgetPeriodRange('payday', 25, at('2027-03-24T12:00:00Z'))).toEqual({
      start: '2027-02-25',
      end: '2027-03-25',
    });
    expect(budgetPeriodRange('payday', 25, at('2027-03-25T00:00:00Z'))).toEqual({
      start: '2027-03-25',
      end: '2027-04-25',
    });
    expect(budgetPeriodRange('payday', 31, at('2027-02-28T08:00:00Z'))).toEqual({
      start: '2027-02-28',
      end: '2027-03-31',
    });
    expect(budgetPeriodRange('payday', 31, at('2027-02-27T08:00:00Z'))).toEqual({
      start: '2027-01-31',
      end: '2027-02-28',
    });
    expect(budgetPeriodRange('payday', 15, at('2027-01-10T08:00:00Z'))).toEqual({
      start: '2026-12-15',
      end: '2027-01-15',
    });
  });
  it('counts days left with today included', () => {
    expect(daysLeftIn('2026-12-01', at('2026-11-30T23:00:00Z'))).toBe(1);
    expect(daysLeftIn('2026-12-01', at('2026-11-22T01:00:00Z'))).toBe(9);
  });
});

describe('budget levels', () => {
  it('is near from 80% up to the limit itself, over past it', () => {
    expect(levelOf(15_999n, 20_000n)).toBe('ok');
    expect(levelOf(16_000n, 20_000n)).toBe('near');
    expect(levelOf(20_000n, 20_000n)).toBe('near');
    expect(levelOf(20_001n, 20_000n)).toBe('over');
  });
  it('takes the worse of the two limits; a win makes no loss', () => {
    const budget = { period: 'month' as const, payDay: null, stakeLimit: '200.00', lossLimit: '50.00' };
    const s = budgetStanding(budget, { staked: '10.00', netResult: '-45.00' }, at('2027-03-23T10:00:00Z'));
    expect([s.level, s.netLoss]).toEqual(['near', '45.00']);
    const up = budgetStanding(budget, { staked: '10.00', netResult: '30.00' }, at('2027-03-23T10:00:00Z'), 500n);
    expect([up.level, up.netLoss, up.staked]).toEqual(['ok', '0.00', '15.00']);
  });
});

describe('the loss-chasing rule', () => {
  const tens = Array.from({ length: 30 }, () => 1000n);
  it('takes the median of the stakes', () => {
    expect(medianCents([300n, 100n, 200n])).toBe(200n);
    expect(medianCents([100n, 200n, 300n, 401n])).toBe(250n);
    expect(medianCents([])).toBeNull();
  });
  it('needs 3 losses, 5 stakes to judge by and a stake over twice the median', () => {
    expect(lossChase(2, tens, 10_000n)).toBeNull();
    expect(lossChase(3, tens.slice(0, 4), 10_000n)).toBeNull();
    expect(lossChase(3, tens, 2_000n)).toBeNull();
    expect(lossChase(3, tens, 2_001n)).toEqual({ recentLosses: 3, medianStake: '10.00', stake: '20.01' });
  });
});

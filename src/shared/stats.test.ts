import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetStatus } from './bets.ts';
import { computeStats, roi, winRate } from './stats.ts';

describe('winRate', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 100],
    [0, 3, 0],
    [1, 1, 50],
    [2, 1, 66.7],
    [1, 2, 33.3],
    [1, 15, 6.3], // 6.25 rounds half up
    [1, 7, 12.5],
  ])('%i won, %i lost → %d', (won, lost, expected) => {
    expect(winRate(won, lost)).toBe(expected);
  });

  it('stays within [0, 100] with one decimal', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (won, lost) => {
        const rate = winRate(won, lost);
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
        expect(Number.isInteger(Math.round(rate * 10))).toBe(true);
        expect(Math.abs(rate * 10 - Math.round(rate * 10))).toBeLessThan(1e-9);
        if (won + lost > 0) expect(Math.abs(rate - (won / (won + lost)) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});

describe('roi', () => {
  it('is profit over settled stake, one decimal, null when nothing settled', () => {
    expect(roi(1500n, 1000n)).toBe(150);
    expect(roi(-1000n, 1000n)).toBe(-100);
    expect(roi(1n, 3n)).toBe(33.3);
    expect(roi(-1n, 8n)).toBe(-12.5);
    expect(roi(-1n, 16n)).toBe(-6.3);
    expect(roi(0n, 0n)).toBeNull();
  });
});

describe('computeStats', () => {
  it('counts and sums a small history', () => {
    const stats = computeStats([
      { status: 'won', amount: '10.00', profitLoss: '15.00' },
      { status: 'lost', amount: '20.00', profitLoss: '-20.00' },
      { status: 'pending', amount: '5.50', profitLoss: null },
      { status: 'won', amount: '110.00', profitLoss: '100.00' },
    ]);
    expect(stats).toEqual({
      totalBets: 4,
      won: 2,
      lost: 1,
      pending: 1,
      winRate: 66.7,
      totalStaked: '145.50',
      totalProfit: '95.00',
      settledStaked: '140.00',
      roi: 67.9,
      overdue: 0,
    });
  });

  it('counts pending bets overdue 72 hours after their event started, only with a clock', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 60 * 60 * 1000).toISOString();
    const bets = [
      { status: 'pending' as const, eventDate: hoursAgo(72), amount: '1.00', profitLoss: null },
      { status: 'pending' as const, eventDate: hoursAgo(100), amount: '1.00', profitLoss: null },
      {
        status: 'pending' as const,
        eventDate: new Date(now.getTime() - 72 * 60 * 60 * 1000 + 1),
        amount: '1.00',
        profitLoss: null,
      },
      { status: 'pending' as const, amount: '1.00', profitLoss: null },
      { status: 'won' as const, eventDate: hoursAgo(200), amount: '1.00', profitLoss: '1.00' },
      { status: 'lost' as const, eventDate: hoursAgo(200), amount: '1.00', profitLoss: '-1.00' },
    ];
    expect(computeStats(bets, now).overdue).toBe(2);
    expect(computeStats(bets).overdue).toBe(0);
    expect(computeStats(bets, now)).toEqual({ ...computeStats(bets), overdue: 2 });
  });

  it('is all zeros with no bets', () => {
    expect(computeStats([])).toEqual({
      totalBets: 0,
      won: 0,
      lost: 0,
      pending: 0,
      winRate: 0,
      totalStaked: '0.00',
      totalProfit: '0.00',
      settledStaked: '0.00',
      roi: null,
      overdue: 0,
    });
  });

  it('keeps its invariants for any history', () => {
    const bet = fc
      .tuple(
        fc.constantFrom<BetStatus>('pending', 'won', 'lost'),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
      )
      .map(([status, amount, gain]) => ({
        status,
        amount,
        profitLoss: status === 'pending' ? null : status === 'won' ? gain : -amount,
      }));
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 50 }), (bets) => {
        const s = computeStats(bets);
        expect(s.won + s.lost + s.pending).toBe(s.totalBets);
        expect(s.winRate).toBeGreaterThanOrEqual(0);
        expect(s.winRate).toBeLessThanOrEqual(100);
        expect(s.roi === null).toBe(s.won + s.lost === 0);
        if (s.roi !== null) expect(s.roi).toBeGreaterThanOrEqual(-100);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { sealText } from './bet-seal.tsx';

const seal = {
  betId: '6f1c2a9e-4b7d-4e2a-9c1b-000000000001',
  index: 41,
  sealedAt: '2026-11-28T13:02:09.000Z',
  authority: 'Test TSA',
  witnesses: 2,
  backfilled: false,
};
const logCreatedAt = '2026-11-01T09:00:00.000Z';

describe("a bet's seal, in words", () => {
  it('says when and by whom, against the start, and how many witnesses', () => {
    expect(sealText(seal, logCreatedAt, '2026-11-28T19:00:00.000Z')).toBe(
      'Sealed Nov 28, 2026, 1:02 PM UTC by Test TSA, 5 h 57 min before the start, witnessed by 2',
    );
    expect(sealText({ ...seal, witnesses: 0 }, logCreatedAt, '2026-11-28T12:00:00.000Z')).toBe(
      'Sealed Nov 28, 2026, 1:02 PM UTC by Test TSA, after the start',
    );
  });

  it('says nothing before a stamp, and dates bets from before the log by the log', () => {
    expect(sealText({ ...seal, sealedAt: null, authority: null }, logCreatedAt, '2026-11-28T19:00:00.000Z')).toBeNull();
    expect(
      sealText(
        { ...seal, backfilled: true, sealedAt: null, authority: null, witnesses: 0 },
        logCreatedAt,
        '2026-01-01T00:00:00.000Z',
      ),
    ).toBe('Sealed Nov 1, 2026, 9:00 AM UTC, when the log was created (recorded before it)');
    expect(sealText({ ...seal, backfilled: true }, logCreatedAt, '2026-01-01T00:00:00.000Z')).toBe(
      'Sealed Nov 28, 2026, 1:02 PM UTC by Test TSA, when the log was created (recorded before it), witnessed by 2',
    );
  });
});

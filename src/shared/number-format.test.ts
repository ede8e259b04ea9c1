import { describe, expect, it } from 'vitest';
import { formatWholeNumber, groupThousands } from './number-format.ts';

describe('whole numbers, en-US', () => {
  it('groups digits in threes', () => {
    expect(['0', '12', '123', '1234', '123456', '1234567'].map(groupThousands)).toEqual([
      '0',
      '12',
      '123',
      '1,234',
      '123,456',
      '1,234,567',
    ]);
  });

  it('writes what Intl writes for en-US with no fraction digits', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 10_000, 1_000_000, -1234, 1234.4, 1234.6, -1234.6, 2 ** 40])
      expect(formatWholeNumber(n), String(n)).toBe(intl.format(Math.round(n)));
  });
});

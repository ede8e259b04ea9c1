import { describe, expect, it } from 'vitest';
import { DAY_MS, formatDuration, HOUR_MS, MINUTE_MS, SECOND_MS } from './time-units.ts';

describe('formatDuration', () => {
  it('says minutes below an hour, hours and minutes below a day, days and hours above', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(59 * SECOND_MS)).toBe('0 min');
    expect(formatDuration(45 * MINUTE_MS)).toBe('45 min');
    expect(formatDuration(7 * HOUR_MS)).toBe('7 h');
    expect(formatDuration(7 * HOUR_MS - SECOND_MS)).toBe('6 h 59 min');
    expect(formatDuration(DAY_MS - MINUTE_MS)).toBe('23 h 59 min');
    expect(formatDuration(DAY_MS)).toBe('1 d');
    expect(formatDuration(DAY_MS + 59 * MINUTE_MS)).toBe('1 d');
    expect(formatDuration(2 * DAY_MS + 4 * HOUR_MS + 30 * MINUTE_MS)).toBe('2 d 4 h');
    expect(formatDuration(400 * DAY_MS)).toBe('400 d');
  });

  it('reads a negative length as none', () => {
    expect(formatDuration(-5 * HOUR_MS)).toBe('0 min');
  });
});

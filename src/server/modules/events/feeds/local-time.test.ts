import { describe, expect, it } from 'vitest';
import { isTimeZone, localToUtc } from './local-time.ts';

describe('localToUtc', () => {
  it('reads a wall-clock time with the offset of its date, either side of a change of summer time', () => {
    expect(localToUtc('2024-10-26', '15:00', 'Europe/London')).toEqual({ ok: true, utc: '2024-10-26T14:00:00Z' });
    expect(localToUtc('2024-10-27', '14:00', 'Europe/London')).toEqual({ ok: true, utc: '2024-10-27T14:00:00Z' });
    expect(localToUtc('2025-03-30', '14:00', 'Europe/London')).toEqual({ ok: true, utc: '2025-03-30T13:00:00Z' });
    expect(localToUtc('2024-11-03', '13:00', 'America/New_York')).toEqual({ ok: true, utc: '2024-11-03T18:00:00Z' });
    expect(localToUtc('2024-01-01', '00:00', 'Asia/Kolkata')).toEqual({ ok: true, utc: '2023-12-31T18:30:00Z' });
  });

  it('takes the first of a time shown twice, and refuses one the clocks skipped', () => {
    expect(localToUtc('2024-10-27', '01:30', 'Europe/London')).toEqual({ ok: true, utc: '2024-10-27T00:30:00Z' });
    expect(localToUtc('2024-11-03', '01:30', 'America/New_York')).toEqual({ ok: true, utc: '2024-11-03T05:30:00Z' });
    expect(localToUtc('2024-03-31', '01:30', 'Europe/London')).toEqual({
      ok: false,
      reason: 'the clocks in Europe/London skipped 01:30 on 2024-03-31',
    });
  });

  it('refuses a date or time that does not exist', () => {
    expect(localToUtc('2025-02-29', '12:00', 'UTC')).toEqual({ ok: false, reason: 'no such date or time' });
    expect(localToUtc('2025-02-28', '24:00', 'UTC')).toEqual({ ok: false, reason: 'no such date or time' });
  });

  it('knows IANA zone names and nothing else', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Londn')).toBe(false);
    expect(isTimeZone('BST')).toBe(false);
  });
});

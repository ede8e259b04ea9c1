import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthDay, formatMonthYear, formatTime } from './date-format.ts';

describe('one date style', () => {
  it('writes an instant in UTC in every form the app uses', () => {
    const iso = '2026-11-30T14:05:09.000Z';
    expect(formatDateTime(iso, 'utc')).toBe('Nov 30, 2026, 2:05 PM');
    expect(formatDate(iso, 'utc')).toBe('Nov 30, 2026');
    expect(formatMonthDay(iso, 'utc')).toBe('Nov 30');
    expect(formatMonthYear(iso, 'utc')).toBe('Nov 2026');
    expect(formatTime(iso, 'utc')).toBe('2:05 PM');
    expect(formatTime(iso, 'utc', { seconds: true })).toBe('2:05:09 PM');
  });

  it('writes midnight and noon as 12 AM and 12 PM, single-digit days unpadded', () => {
    expect(formatDateTime('2027-01-02T00:00:00Z', 'utc')).toBe('Jan 2, 2027, 12:00 AM');
    expect(formatDateTime('2027-01-02T12:30:00Z', 'utc')).toBe('Jan 2, 2027, 12:30 PM');
  });

  it("writes the reader's own zone by default, as en-US Intl does", () => {
    const iso = '2027-03-14T19:30:00.000Z';
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(iso)).toBe(local.format(new Date(iso)).replace(/\u202f/g, ' '));
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)));
  });

  it('takes a Date as well as ISO text, and leaves text that is no instant as it is', () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 31)), 'utc')).toBe('Jan 31, 2026');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

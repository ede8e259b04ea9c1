import { describe, expect, it } from 'vitest';
import { localDateTimeToIso, toLocalDateTimeValue } from './local-date-time.ts';

describe('datetime-local values', () => {
  it('reads one in the browser’s time zone, as an ISO date-time with its offset', () => {
    const iso = localDateTimeToIso('2027-03-14T19:30')!;
    expect(iso).toMatch(/^2027-03-14T19:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(new Date(2027, 2, 14, 19, 30).getTime());
    expect(localDateTimeToIso('2027-03-14T19:30:15')).toMatch(/^2027-03-14T19:30:15[+-]/);
  });

  it('answers undefined for an empty value or one that is not a date-time', () => {
    expect(localDateTimeToIso('')).toBeUndefined();
    expect(localDateTimeToIso('2027-13-45T99:99')).toBeUndefined();
    expect(localDateTimeToIso('tomorrow')).toBeUndefined();
  });

  it('writes an instant as the input’s value, and reads it back to the same minute', () => {
    const at = new Date(2027, 2, 14, 19, 30, 45);
    expect(toLocalDateTimeValue(at)).toBe('2027-03-14T19:30');
    expect(new Date(localDateTimeToIso(toLocalDateTimeValue(at))!).getTime()).toBe(
      new Date(2027, 2, 14, 19, 30).getTime(),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './calendar-date.ts';

describe('calendar dates', () => {
  it('writes a calendar date as "Mon D, YYYY", as Intl does for en-US, whatever the time zone', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const date of ['2026-01-01', '2026-08-22', '2027-02-28', '2028-02-29', '2026-12-31'])
      expect(formatCalendarDate(date), date).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
  });

  it('leaves text that is not a calendar date as it is', () => {
    for (const text of ['2026-13-01', '2026-00-10', '2026-01-32', '26-01-01', 'soon', ''])
      expect(formatCalendarDate(text), text).toBe(text);
  });
});

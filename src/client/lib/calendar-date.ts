/**
 * Calendar days written out in en-US without Intl (docs/decisions/011): its own module, so a page
 * that shows dates and no money (the landing's upcoming events) loads only this.
 */
import { calendarDay } from '../../shared/date-format.ts';

/** A calendar date as written, "2027-03-14" → "Mar 14, 2027" (no time zone: the day itself). */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [];
  if (!year || !month || !day || month > 12 || day > 31) return date;
  return calendarDay(year, month - 1, day);
}

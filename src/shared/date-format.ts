/**
 * Every date and time the app writes, in one style ("Mar 14, 2027, 7:30 PM"), written out without
 * Intl (docs/decisions/011): in the reader's own time zone in the browser, or in UTC where the
 * server writes for everyone (an API message, a page before the browser takes it over).
 */
import { MONTHS } from './calendar.ts';

/** 'local': this runtime's time zone (the browser's, the reader's); 'utc': UTC. */
export type Zone = 'local' | 'utc';

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function partsOf(when: string | Date, zone: Zone): Parts | null {
  const d = new Date(when);
  if (Number.isNaN(d.getTime())) return null;
  return zone === 'utc'
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth(),
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
        seconds: d.getUTCSeconds(),
      }
    : {
        year: d.getFullYear(),
        month: d.getMonth(),
        day: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
        seconds: d.getSeconds(),
      };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "Mar 14, 2027": a day of the calendar, from its year, month (0-11) and day of the month. */
export const calendarDay = (year: number, month: number, day: number) => `${MONTHS[month]} ${day}, ${year}`;

const clock = (p: Parts, withSeconds: boolean) =>
  `${p.hours % 12 === 0 ? 12 : p.hours % 12}:${pad2(p.minutes)}${withSeconds ? `:${pad2(p.seconds)}` : ''} ${p.hours < 12 ? 'AM' : 'PM'}`;

/** Writes `when` with `write`, or returns the text as it came when it is no instant. */
const written = (when: string | Date, zone: Zone, write: (p: Parts) => string) => {
  const parts = partsOf(when, zone);
  return parts ? write(parts) : String(when);
};

/** "Mar 14, 2027, 7:30 PM": an instant, date and time. */
export const formatDateTime = (when: string | Date, zone: Zone = 'local') =>
  written(when, zone, (p) => `${calendarDay(p.year, p.month, p.day)}, ${clock(p, false)}`);

/** "Mar 14, 2027": the day of an instant. */
export const formatDate = (when: string | Date, zone: Zone = 'local') =>
  written(when, zone, (p) => calendarDay(p.year, p.month, p.day));

/** "Mar 14": the day of an instant, without the year (a chart's ticks). */
export const formatMonthDay = (when: string | Date, zone: Zone = 'local') =>
  written(when, zone, (p) => `${MONTHS[p.month]} ${p.day}`);

/** "Mar 2027": the month of an instant. */
export const formatMonthYear = (when: string | Date, zone: Zone = 'local') =>
  written(when, zone, (p) => `${MONTHS[p.month]} ${p.year}`);

/** "7:30 PM", or "7:30:05 PM" with seconds: the time of day of an instant. */
export const formatTime = (when: string | Date, zone: Zone = 'local', { seconds = false } = {}) =>
  written(when, zone, (p) => clock(p, seconds));

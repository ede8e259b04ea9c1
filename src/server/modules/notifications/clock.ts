import { MINUTE_MS } from '../../../shared/time-units.ts';
/**
 * When a notification may go out, read in the follower's own time zone: outside their quiet hours,
 * and the daily digest at the hour the follower chose, local time. Pure functions of an instant, so the rules
 * are tested on any clock. A wall-clock span is counted in minutes of real time; across a daylight
 * saving change that lands an hour early or late, once a year, which a notification can bear.
 */

export interface QuietHours {
  timeZone: string;
  /** Minutes after local midnight, [start, end); null: no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
}

const DAY_MINUTES = 1440;
const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows the zone (the API refuses any other). */
export function isTimeZone(zone: string): boolean {
  try {
    formatIn(zone);
    return true;
  } catch {
    return false;
  }
}

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  return format;
}

/** The local wall-clock minute of the day at `at` in `zone`. */
export function localMinutes(at: Date, zone: string): number {
  const parts = formatIn(zone).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  const minute = Number(parts.find((p) => p.type === 'minute')!.value);
  return hour * 60 + minute;
}

/** Whether the minute of the day falls in [start, end), a span that may wrap past midnight. */
function within(minute: number, start: number, end: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The start of the minute `minutes` wall-clock minutes after `at`'s own minute. */
const minutesAfter = (at: Date, minutes: number) =>
  new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + minutes * MINUTE_MS);

/** `at` itself when it is outside the quiet hours, else the end of them. */
export function outsideQuietHours(at: Date, quiet: QuietHours): Date {
  if (quiet.quietStart === null || quiet.quietEnd === null) return at;
  const minute = localMinutes(at, quiet.timeZone);
  if (!within(minute, quiet.quietStart, quiet.quietEnd)) return at;
  return minutesAfter(at, (quiet.quietEnd - minute + DAY_MINUTES) % DAY_MINUTES);
}

/** The next daily digest after `at` (at `digestHour`:00 local time), moved past the quiet hours. */
export function nextDigest(at: Date, quiet: QuietHours, digestHour: number): Date {
  const minute = localMinutes(at, quiet.timeZone);
  const wait = (digestHour * 60 - minute + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  return outsideQuietHours(minutesAfter(at, wait), quiet);
}

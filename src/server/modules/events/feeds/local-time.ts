/**
 * Wall-clock times of a named place, converted to UTC with the runtime's own time-zone database
 * (Intl, ICU's copy of the IANA database): no offsets of our own, so summer time is whatever the
 * database says it was on that date.
 */

/**
 * Whether `timeZone` is an IANA zone name the runtime knows, in the Area/Location form ('Europe/London')
 * or 'UTC'. Abbreviations are refused even where ICU knows one ('BST' is Bangladesh's there, not
 * British Summer Time).
 */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone !== 'UTC' && !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at `utcMs`, read as if it were UTC: its offset is this minus `utcMs`. */
function wallClockAsUtc(utcMs: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(utcMs)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

export type LocalTimeResult = { ok: true; utc: string } | { ok: false; reason: string };

/**
 * The UTC instant of `date` (YYYY-MM-DD) at `time` (HH:MM) on the wall clocks of `timeZone`.
 * A time the clocks skipped (the hour lost when summer time begins) is refused; a time they showed
 * twice (the hour repeated when it ends) is the first of the two.
 */
export function localToUtc(date: string, time: string, timeZone: string): LocalTimeResult {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!d || !t) return { ok: false, reason: 'not a date and time' };
  const [year, month, day, hour, minute] = [+d[1]!, +d[2]!, +d[3]!, +t[1]!, +t[2]!];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return { ok: false, reason: 'no such date or time' };
  }
  // The offset at the wall time read as UTC is within a day of the right one; two rounds settle
  // it, the second for a wall time near a change of offset.
  let utcMs = asUtc - (wallClockAsUtc(asUtc, timeZone) - asUtc);
  const second = asUtc - (wallClockAsUtc(utcMs, timeZone) - utcMs);
  // Of two candidates on either side of a change, the earlier one that shows this wall time.
  const candidates = [utcMs, second].sort((a, b) => a - b);
  const match = candidates.find((ms) => wallClockAsUtc(ms, timeZone) === asUtc);
  if (match === undefined) return { ok: false, reason: `the clocks in ${timeZone} skipped ${time} on ${date}` };
  utcMs = match;
  // An ambiguous wall time (shown twice) also maps from an hour earlier: take the first showing.
  const hourEarlier = utcMs - 3_600_000;
  if (wallClockAsUtc(hourEarlier, timeZone) === asUtc) utcMs = hourEarlier;
  return { ok: true, utc: new Date(utcMs).toISOString().replace('.000Z', 'Z') };
}

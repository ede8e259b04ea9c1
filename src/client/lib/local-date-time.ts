/**
 * The browser's datetime-local inputs ("2027-03-14T19:30", in the browser's own time zone) and the
 * ISO date-times the API takes: one reading for the record-bet dialog and the landing's demo.
 */

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * A datetime-local value as an ISO date-time with the browser's offset ("2027-03-14T19:30:00+01:00"),
 * the wall-clock time the person typed kept as it is; undefined when it is empty or not a date-time.
 */
export function localDateTimeToIso(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return undefined;
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The datetime-local value for an instant, in the browser's time zone (for an input's value or min). */
export function toLocalDateTimeValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

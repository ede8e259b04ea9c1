/** Lengths of time in milliseconds: one copy for the app, the bench and the tests. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/**
 * A length of time as every page, email and the verifier word it — how long before the start a
 * pick was recorded or sealed, how long until an event starts — so a follower comparing the
 * profile with `betproof verify` reads one figure: to the minute below a day, to the hour above
 * ("45 min", "7 h", "6 h 59 min", "1 d", "2 d 4 h"). A negative length reads "0 min".
 */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

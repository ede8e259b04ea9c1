/**
 * Per-user quotas (src/server/edge/quotas.ts): what each one is called and what a person reads when one
 * refuses a request. The server writes these messages into its 429 answers; they live here so the
 * API reference, the tests and the client use the very same words.
 */
import { formatWholeNumber } from './number-format.ts';

/** The counters one user has: every write, and each heavy read on its own. */
export const QUOTA_BUCKETS = ['writes', 'analytics', 'export'] as const;
export type QuotaBucket = (typeof QUOTA_BUCKETS)[number];

/** The two windows every quota counts in, each starting at the first request after the last one ended. */
export const QUOTA_WINDOWS = { minute: 60_000, day: 24 * 60 * 60_000 } as const;
export type QuotaWindow = keyof typeof QUOTA_WINDOWS;

/** Defaults of the configuration (README: WRITE_QUOTA_*, HEAVY_READ_QUOTA_*). */
export const QUOTA_DEFAULTS = {
  writesPerMinute: 60,
  writesPerDay: 1000,
  heavyReadsPerMinute: 30,
  heavyReadsPerDay: 1000,
  /** Per client address, not per user: the public ledger downloads (src/server/edge/download-budget.ts). */
  ledgerDownloadBytesPerMinute: 64 * 1024 * 1024,
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A wait in words, as precise as it is useful: seconds under two minutes, minutes under two
 * hours, then hours and minutes ("42 seconds", "5 minutes", "3 hours 12 minutes"). Rounded up, so
 * trying again after the time said always works.
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * What the person was doing, for the message: "recording bets", "saving profile changes"...
 * The request's own words, so the message says what was refused.
 */
export type QuotaActivity = string;

/**
 * The message of a 429 from a quota. The minute's limit is a pace ("too fast"); the day's is an
 * amount, said with its number so the person knows it is not a fault.
 */
export function quotaMessage(
  bucket: QuotaBucket,
  activity: QuotaActivity,
  window: QuotaWindow,
  limit: number,
  retryAfterSeconds: number,
): string {
  const wait = `Try again in ${waitInWords(retryAfterSeconds)}.`;
  if (window === 'minute') return `You're ${activity} too fast. ${wait}`;
  const what = bucket === 'writes' ? 'changes' : bucket === 'analytics' ? 'analytics requests' : 'exports';
  return `You've reached today's limit of ${formatWholeNumber(limit)} ${what}. ${wait}`;
}

/** Bytes in words for a budget: whole mebibytes ("64 MB"), else kilobytes. */
const bytesInWords = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatWholeNumber(Math.floor(bytes / (1024 * 1024)))} MB`
    : `${formatWholeNumber(Math.ceil(bytes / 1024))} KB`;

/** The message of a 429 from the download budget of a client address (src/server/edge/download-budget.ts). */
export function downloadBudgetMessage(bytesPerMinute: number, retryAfterSeconds: number): string {
  return `Your network has used this minute's ${bytesInWords(bytesPerMinute)} of ledger downloads. Try again in ${waitInWords(retryAfterSeconds)}.`;
}

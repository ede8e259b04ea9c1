/**
 * How the client retries asking who is signed in when the server cannot answer: a network error,
 * a 429 (rate limited) or a 5xx is not "signed out" (auth-provider.tsx), so the lookup is tried
 * again, waiting longer each time, and never given up.
 */

/** The session lookup failed without an answer about the session. */
export class SessionUnavailableError extends Error {
  /** The server's Retry-After, in ms, when it sent one in seconds. */
  readonly retryAfterMs: number | null;

  constructor(retryAfter: string | null) {
    super("Can't reach betproof");
    this.name = 'SessionUnavailableError';
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    this.retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
  }
}

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/**
 * The wait before retry number `failures` (1 after the first failure): 1 s, 2 s, 4 s, … at most
 * 30 s; at least what the server's Retry-After asked, but never more than a minute.
 */
export function sessionRetryDelayMs(failures: number, error: unknown): number {
  const backoff = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
  const asked = error instanceof SessionUnavailableError ? error.retryAfterMs : null;
  return asked === null ? backoff : Math.min(Math.max(backoff, asked), 60_000);
}

import { describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, SessionUnavailableError, sessionRetryDelayMs } from './session-retry.ts';

describe('sessionRetryDelayMs', () => {
  it('waits longer after each failure, up to 30 s', () => {
    const none = new SessionUnavailableError(null);
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => sessionRetryDelayMs(n, none))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
    ]);
  });

  it("waits at least the server's Retry-After, but at most a minute", () => {
    expect(sessionRetryDelayMs(1, new SessionUnavailableError('7'))).toBe(7000);
    expect(sessionRetryDelayMs(6, new SessionUnavailableError('7'))).toBe(MAX_RETRY_MS);
    expect(sessionRetryDelayMs(1, new SessionUnavailableError('3600'))).toBe(60_000);
    for (const odd of ['soon', '-1', '', 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      expect(sessionRetryDelayMs(1, new SessionUnavailableError(odd)), odd).toBe(1000);
    }
  });
});

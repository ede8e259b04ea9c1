/**
 * A per-request clock shift for end-to-end tests, which drive the real server and cannot inject a
 * clock: the record's time rules (6 hours ahead, settle after the start, overdue after 72 hours)
 * need bets recorded in the past. With TEST_CLOCK_HEADER set (never in production, env.ts refuses
 * it), a request carrying `X-Test-Clock-Offset: <milliseconds>` sees the server's clock moved by
 * that much, for that request alone: other requests, and other tests running at the same time,
 * are not affected. Without the setting the header is ignored and the clock is the machine's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

export const TEST_CLOCK_HEADER = 'x-test-clock-offset';
/** At most about ten years either way. */
const MAX_OFFSET_MS = 10 * 366 * 24 * 60 * 60 * 1000;

export function createTestClock(base: () => Date) {
  const offsets = new AsyncLocalStorage<number>();
  const now = () => new Date(base().getTime() + (offsets.getStore() ?? 0));
  const middleware: MiddlewareHandler = async (c, next) => {
    const text = c.req.header(TEST_CLOCK_HEADER);
    const offset = text !== undefined && /^-?\d{1,12}$/.test(text) ? Number(text) : 0;
    if (offset === 0 || Math.abs(offset) > MAX_OFFSET_MS) return next();
    return offsets.run(offset, next);
  };
  return { now, middleware };
}

/**
 * A byte budget per client address for the public downloads whose size grows with one user's
 * record (a profile's whole ledger chain as NDJSON, megabytes for a long record). They are public
 * and in no user's quota (a follower verifying needs no account), so without this one address
 * asking for a long chain over and over keeps the one thread that serves everyone busy writing
 * megabytes (bench/noisy.ts). A follower downloads a chain once, a mirror once per change: the
 * default, 64 MiB a minute, is eight downloads of an 8 MB chain, or thousands of ordinary ones.
 *
 * Counted per server, in memory: what it protects is this server's own time, and a download that
 * is refused costs no query. The window is fixed: it starts with the first download after the
 * previous window ended and lasts a minute. A download is let through while the address has any
 * budget left in the window, and its bytes are counted as they are sent; the next one is refused
 * (429 with Retry-After) until the window ends. The address is the one rule of client-address.ts.
 */
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { MINUTE_MS } from '../../shared/time-units.ts';
import { downloadBudgetMessage } from '../../shared/quotas.ts';
import { apiError } from './http.ts';
import { holdRefusal } from './quotas.ts';

interface Window {
  start: number;
  bytes: number;
}

/** How many addresses a server remembers; past it the least recently seen are forgotten. */
const MAX_ADDRESSES = 10_000;

export interface DownloadBudget {
  /**
   * Answers the download `send` makes for the client at `address`, counting its bytes, or a 429
   * if the address has used up its budget for the window: `send` is then not called at all.
   */
  answer: (
    c: Context,
    address: string,
    send: (count: (bytes: number) => void) => Promise<Response>,
  ) => Promise<Response>;
}

export function createDownloadBudget({
  bytesPerMinute,
  now,
}: {
  bytesPerMinute: number;
  now: () => Date;
}): DownloadBudget {
  const windows = new LRUCache<string, Window>({ max: MAX_ADDRESSES });
  /** The address's window at `at`: a new one when the last ended, or began ahead (the clock was set back). */
  const windowOf = (address: string, at: number): Window => {
    const kept = windows.get(address);
    if (kept && at >= kept.start && at < kept.start + MINUTE_MS) return kept;
    const fresh = { start: at, bytes: 0 };
    windows.set(address, fresh);
    return fresh;
  };
  return {
    async answer(c, address, send) {
      const at = now().getTime();
      const window = windowOf(address, at);
      if (window.bytes >= bytesPerMinute) {
        const seconds = Math.max(1, Math.ceil((window.start + MINUTE_MS - at) / 1000));
        // Held a moment, like a repeated quota refusal: a client asking again as soon as the
        // answer comes would otherwise get thousands of answers a second on the shared thread.
        await holdRefusal();
        c.header('Retry-After', String(seconds));
        return apiError(c, 429, downloadBudgetMessage(bytesPerMinute, seconds));
      }
      return send((bytes) => {
        window.bytes += bytes;
      });
    },
  };
}

/** `body` as it is sent, each chunk counted by `count` (a kept answer is counted whole at once). */
export function countedBody(
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  count: (bytes: number) => void,
): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (body instanceof Uint8Array) {
    count(body.byteLength);
    return body;
  }
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        count(chunk.byteLength);
        controller.enqueue(chunk);
      },
    }),
  );
}

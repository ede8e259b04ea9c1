/**
 * One pull of a configured feed: fetch its URL (bounded in time and size), parse it (parseFeed),
 * and hand the events to the catalog (`importFeed`, injected: modules/events stores them and grades
 * the bets on those that became final). Every pull's outcome is logged; the API key, if any, is not
 * (feedLabel leaves the query string out). A file with row errors is not imported.
 */
import type { Logger } from '../../../lib/logger.ts';
import { feedLabel, fetchUrlOf, type FeedConfig } from './config.ts';
import { parseFeed } from './index.ts';
import { MAX_FEED_CHARS } from './limits.ts';
import type { FeedFormat, FeedRowError, ParsedFeed } from './types.ts';

export interface FeedImportCounts {
  created: number;
  updated: number;
  graded: number;
}

/** Stores a parsed feed's events in the catalog (all or nothing) and grades the bets it settles. */
export type ImportFeed = (format: FeedFormat, parsed: ParsedFeed) => Promise<FeedImportCounts>;

/** A feed that has not answered in full within this long is given up until its next pull. */
export const PULL_TIMEOUT_MS = 30_000;

export type PullOutcome =
  ({ ok: true; events: number } & FeedImportCounts) | { ok: false; reason: string; rowErrors?: FeedRowError[] };

export interface PullDeps {
  importFeed: ImportFeed;
  logger: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The largest response read, in bytes (the parsers read at most MAX_FEED_CHARS characters). */
  maxBytes?: number;
}

export async function pullFeed(feed: FeedConfig, deps: PullDeps): Promise<PullOutcome> {
  const outcome = await pull(feed, deps);
  const label = feedLabel(feed);
  if (outcome.ok) {
    const { ok: _ok, ...counts } = outcome;
    deps.logger.info('event feed pulled', { feed: label, ...counts });
  } else if (outcome.rowErrors) {
    deps.logger.warn('event feed refused', {
      feed: label,
      reason: outcome.reason,
      rowErrors: outcome.rowErrors.slice(0, 10),
    });
  } else {
    deps.logger.error('event feed pull failed', { feed: label, reason: outcome.reason });
  }
  return outcome;
}

async function pull(feed: FeedConfig, deps: PullDeps): Promise<PullOutcome> {
  const maxBytes = deps.maxBytes ?? MAX_FEED_CHARS;
  let text: string;
  try {
    const response = await (deps.fetch ?? fetch)(fetchUrlOf(feed), {
      signal: AbortSignal.timeout(deps.timeoutMs ?? PULL_TIMEOUT_MS),
      headers: { accept: 'application/json, text/csv, text/plain, */*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `the feed answered HTTP ${response.status}` };
    }
    const body = await readBounded(response, maxBytes);
    if (body === null) return { ok: false, reason: `the feed's answer is larger than ${maxBytes} bytes` };
    text = body;
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError'
        ? `no full answer within ${deps.timeoutMs ?? PULL_TIMEOUT_MS} ms`
        : String(err);
    return { ok: false, reason: `the feed could not be fetched: ${reason}` };
  }

  const parsed = parseFeed(feed.format, text, feed.options);
  if (parsed.rowErrors.length > 0) {
    return {
      ok: false,
      reason: `${parsed.rowErrors.length} row errors: nothing imported`,
      rowErrors: parsed.rowErrors,
    };
  }
  try {
    const counts = await deps.importFeed(feed.format, parsed);
    return { ok: true, events: parsed.events.length, ...counts };
  } catch (err) {
    // The catalog refuses a file whole with its reasons by row (an event contradicting a graded result).
    const rows = (err as { rows?: FeedRowError[] }).rows;
    return Array.isArray(rows)
      ? { ok: false, reason: `the catalog refused the file: ${(err as Error).message}`, rowErrors: rows }
      : { ok: false, reason: `the catalog could not import the file: ${String(err)}` };
  }
}

/** The body as text, or null once it passes `maxBytes` (read no further: the rest is not fetched). */
async function readBounded(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

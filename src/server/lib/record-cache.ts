/**
 * Answers computed from one user's record (their analytics, their CSV export), kept until the
 * record changes. Each answer is stored with the record's version it was computed at (the head of
 * the user's ledger, which every recorded, settled or deleted bet advances in the same
 * transaction: docs/LEDGER.md); a request reads the version first, one primary-key lookup, and
 * is answered from the cache when it matches. Reading the version before computing is what keeps
 * this right: an answer computed after reading version v includes at least every change up to v,
 * so it is never older than what a request that sees v may be given. A change made on another
 * server moves the version in the database, so every server's cache misses after it.
 *
 * In memory, per server, bounded in bytes (least recently used out first); an answer too large
 * for it is computed for every request, as before.
 *
 * One computation per user and kind at a time (acquire): a user sending many requests at once
 * queues behind their own first one, which then answers the rest from the cache, instead of
 * running them side by side and taking the database from everyone else.
 */
import { KeyedQueue } from './keyed-queue.ts';

export interface RecordCacheOptions {
  /** All answers together. */
  maxBytes?: number;
  /** One answer; larger ones are not kept. */
  maxEntryBytes?: number;
}

interface Entry {
  version: string;
  value: unknown;
  bytes: number;
}

export class RecordCache {
  private readonly entries = new Map<string, Entry>();
  /** Per user and kind, the requests computing or waiting to compute. */
  private readonly computing = new KeyedQueue();
  private bytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;

  constructor({ maxBytes = 64 * 1024 * 1024, maxEntryBytes = 8 * 1024 * 1024 }: RecordCacheOptions = {}) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = maxEntryBytes;
  }

  /** The `kind` answer of `userId` computed at `version`, if kept. */
  get<T>(kind: string, userId: string, version: string): T | undefined {
    const key = `${kind}:${userId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key, entry);
      return undefined;
    }
    // Most recently used goes last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /**
   * The `kind` answer of `userId` kept, whatever its version (an answer that can be brought up to
   * date for less than computing it again: a chain that only grows). Counts as a use.
   */
  latest<T>(kind: string, userId: string): { version: string; value: T } | undefined {
    const key = `${kind}:${userId}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { version: entry.version, value: entry.value as T };
  }

  /** Keeps `value` (about `bytes` in memory) as the `kind` answer of `userId` at `version`. */
  set(kind: string, userId: string, version: string, value: unknown, bytes: number) {
    const key = `${kind}:${userId}`;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (bytes > this.maxEntryBytes) return;
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /**
   * Waits until no other request is computing the `kind` answer of `userId` on this server, and
   * answers the function that lets the next one go (call it once done, whatever happened).
   */
  acquire(kind: string, userId: string): Promise<() => void> {
    return this.computing.acquire(`${kind}:${userId}`);
  }

  /** Bytes kept (tests). */
  get size() {
    return this.bytes;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * Reads `stream` whole when it ends within `maxBytes`: then its bytes, to keep and send. A longer
 * one is not held in memory: what was read, followed by the rest as it comes, as a stream.
 */
export async function readWithin(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<{ whole: Uint8Array<ArrayBuffer> } | { longer: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    chunks.push(next.value);
    length += next.value.byteLength;
    if (length > maxBytes) {
      return {
        longer: new ReadableStream<Uint8Array>({
          async pull(controller) {
            const chunk = chunks.shift();
            if (chunk) return controller.enqueue(chunk);
            const rest = await reader.read();
            if (rest.done) controller.close();
            else controller.enqueue(rest.value);
          },
          cancel: (reason) => reader.cancel(reason),
        }),
      };
    }
  }
  const whole = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return { whole };
}

/** `a` then `b`, in one array. */
export function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(a.byteLength + b.byteLength);
  whole.set(a, 0);
  whole.set(b, a.byteLength);
  return whole;
}

/** `first`, then what `rest` gives, as one stream. */
export function prepend(first: Uint8Array, rest: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = rest.getReader();
  let sent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        return controller.enqueue(first);
      }
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

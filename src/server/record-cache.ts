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
 */

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
 * `stream`, passed on as it is read, and handed whole to `keep` once it ends, when it stayed
 * within `maxBytes` (beyond that, nothing more is collected). A stream that fails, or whose reader
 * stops early, is never kept.
 */
export function keepWhenComplete(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  keep: (whole: Uint8Array) => void,
): ReadableStream<Uint8Array> {
  let chunks: Uint8Array[] | null = [];
  let length = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (chunks) {
          length += chunk.byteLength;
          if (length > maxBytes) chunks = null;
          else chunks.push(chunk);
        }
        controller.enqueue(chunk);
      },
      flush() {
        if (!chunks) return;
        const whole = new Uint8Array(length);
        let at = 0;
        for (const chunk of chunks) {
          whole.set(chunk, at);
          at += chunk.byteLength;
        }
        keep(whole);
      },
    }),
  );
}

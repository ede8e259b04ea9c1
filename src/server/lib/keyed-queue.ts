/**
 * One at a time per key: `acquire(key)` waits until every earlier holder of `key` has let go, in
 * the order asked, and answers the function that lets the next one go. Keys nobody holds or waits
 * for take no memory. In process memory: per server.
 *
 * For a user's own heavy work (quotas.ts: their writes; record-cache.ts: their analytics and
 * export): a user sending many requests at once queues behind their own, instead of running them
 * side by side and taking the database from everyone else (PGlite runs one query at a time, so
 * requests side by side are queries queued in front of other people's).
 */
export class KeyedQueue {
  /** Per key, the end of its queue. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Call the answer once done, whatever happened; calling it again does nothing. */
  async acquire(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      // The last in the queue leaves nothing behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /** Keys held or waited for (tests). */
  get size() {
    return this.tails.size;
  }
}

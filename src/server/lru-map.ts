/**
 * A Map that holds at most `capacity` entries and, when full, drops the one least recently read
 * or written (a Map keeps insertion order, so that is its first key: each use moves a key to the end).
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  /** `onEvict` is told of each entry dropped to make room (not of those deleted). */
  constructor(
    readonly capacity: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Sets `key`, the most recently used, dropping the least recently used entry if full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const [oldest, old] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      this.onEvict?.(oldest, old);
    }
    this.entries.set(key, value);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }
}

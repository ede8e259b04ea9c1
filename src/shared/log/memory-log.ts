/**
 * A log held in memory: the stored hashes in an array, the entries beside them. The tests, the
 * split-view test's lying server and the verifier's own checks build trees with it; the server's
 * log keeps the same hashes in the database (src/server/modules/log).
 */
import {
  recordHash,
  storedHashesForRecordHash,
  storedHashIndex,
  treeHash,
  type Hash,
  type HashReader,
} from './tlog.ts';

export class MemoryLog {
  readonly hashes: Hash[] = [];
  readonly entries: Uint8Array[] = [];

  readonly reader: HashReader = (indexes) =>
    indexes.map((i) => {
      const h = this.hashes[i];
      if (!h) throw new Error(`no stored hash ${i}`);
      return h;
    });

  get size(): number {
    return this.entries.length;
  }

  async append(entry: Uint8Array): Promise<number> {
    const n = this.entries.length;
    const stored = await storedHashesForRecordHash(n, recordHash(entry), this.reader);
    const at = storedHashIndex(0, n);
    stored.forEach((h, i) => (this.hashes[at + i] = h));
    this.entries.push(entry);
    return n;
  }

  root(size = this.size): Promise<Hash> {
    return treeHash(size, this.reader);
  }
}

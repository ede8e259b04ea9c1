import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryLog } from './memory-log.ts';
import {
  checkRecord,
  checkTree,
  EMPTY_TREE_HASH,
  hashFromBase64,
  hashFromHex,
  nodeHash,
  ProofError,
  proveRecord,
  proveTree,
  recordHash,
  splitStoredHashIndex,
  storedHashCount,
  storedHashIndex,
  toHex,
  treeHash,
  type Hash,
} from './tlog.ts';
import {
  decodeEntryBundle,
  encodeEntryBundle,
  encodeTileIndex,
  parseTilePath,
  tileHashIndexes,
  tileHashReader,
  tilePath,
  tileWidthAt,
} from './tiles.ts';

const text = (s: string) => new TextEncoder().encode(s);
const sha = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  parts.forEach((p) => h.update(p));
  return new Uint8Array(h.digest());
};

/** RFC 6962 section 2.1's MTH, written as the RFC states it (the reference the stored-hash code must match). */
function referenceRoot(entries: Uint8Array[]): Hash {
  if (entries.length === 0) return sha();
  if (entries.length === 1) return sha(Uint8Array.of(0), entries[0]!);
  let k = 1;
  while (k * 2 < entries.length) k *= 2;
  return sha(Uint8Array.of(1), referenceRoot(entries.slice(0, k)), referenceRoot(entries.slice(k)));
}

async function logOf(size: number): Promise<MemoryLog> {
  const log = new MemoryLog();
  for (let i = 0; i < size; i++) await log.append(text(`entry ${i}`));
  return log;
}

describe('hashing (RFC 6962)', () => {
  it('leaf = SHA-256(0x00 ‖ entry), node = SHA-256(0x01 ‖ l ‖ r)', () => {
    // sha256sum of the bytes 00 'a' and of 01 followed by two such hashes, computed by hand in a shell.
    expect(toHex(recordHash(text('a')))).toBe(toHex(sha(Uint8Array.of(0, 0x61))));
    const l = recordHash(text('a'));
    const r = recordHash(text('b'));
    expect(toHex(nodeHash(l, r))).toBe(toHex(sha(Uint8Array.of(1), l, r)));
    expect(toHex(EMPTY_TREE_HASH)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('the stored-hash root equals the RFC definition for every size up to 70', async () => {
    const log = await logOf(70);
    for (let n = 1; n <= 70; n++) {
      expect(toHex(await log.root(n)), `size ${n}`).toBe(toHex(referenceRoot(log.entries.slice(0, n))));
    }
  });

  it('stored-hash indexes split back, and the count matches what appending stores', async () => {
    for (let index = 0; index < 2000; index++) {
      const { level, n } = splitStoredHashIndex(index);
      expect(storedHashIndex(level, n)).toBe(index);
    }
    const log = await logOf(37);
    expect(log.hashes.length).toBe(storedHashCount(37));
  });

  it('strict hash text', () => {
    expect(hashFromHex('ab'.repeat(32))).not.toBeNull();
    expect(hashFromHex('ab'.repeat(31))).toBeNull();
    expect(hashFromBase64(Buffer.alloc(32, 7).toString('base64'))).not.toBeNull();
    expect(hashFromBase64(Buffer.alloc(31, 7).toString('base64'))).toBeNull();
  });
});

describe('proofs', () => {
  it('every inclusion proof checks, and fails for another leaf, index, size or root', async () => {
    const log = await logOf(33);
    for (let t = 1; t <= 33; t++) {
      const root = await log.root(t);
      for (let n = 0; n < t; n++) {
        const proof = await proveRecord(t, n, log.reader);
        const leaf = recordHash(log.entries[n]!);
        expect(() => checkRecord(proof, t, root, n, leaf)).not.toThrow();
        expect(() => checkRecord(proof, t, root, n, recordHash(text('other')))).toThrow(ProofError);
        if (t > 1) expect(() => checkRecord(proof, t, root, (n + 1) % t, leaf)).toThrow(ProofError);
        expect(() => checkRecord(proof, t, sha(root), n, leaf)).toThrow(ProofError);
      }
    }
  });

  it('every consistency proof checks, and fails against another old root', async () => {
    const log = await logOf(33);
    for (let t = 1; t <= 33; t++) {
      const root = await log.root(t);
      for (let n = 1; n <= t; n++) {
        const proof = await proveTree(t, n, log.reader);
        const old = await log.root(n);
        expect(() => checkTree(proof, t, root, n, old)).not.toThrow();
        expect(() => checkTree(proof, t, root, n, sha(old))).toThrow(ProofError);
      }
    }
  });

  // The two checks as docs/LOG.md ("Proofs") states them for a follower writing a verifier, written
  // from that text alone: they must accept every proof the log serves and nothing else.
  const equal = (a: Hash, b: Hash) => Buffer.from(a).equals(Buffer.from(b));
  const node = (l: Hash, r: Hash) => sha(Uint8Array.of(1), l, r);
  function inclusionAsDocumented(proof: Hash[], i: number, n: number, leaf: Hash, root: Hash): boolean {
    const rest = [...proof];
    const walk = (lo: number, hi: number): Hash | null => {
      if (hi - lo === 1) return leaf;
      let k = 1;
      while (k * 2 < hi - lo) k *= 2;
      const sibling = rest.pop();
      if (!sibling) return null;
      if (i < lo + k) {
        const inner = walk(lo, lo + k);
        return inner && node(inner, sibling);
      }
      const inner = walk(lo + k, hi);
      return inner && node(sibling, inner);
    };
    const result = walk(0, n);
    return rest.length === 0 && result !== null && equal(result, root);
  }
  function consistencyAsDocumented(proof: Hash[], m: number, n: number, oldRoot: Hash, newRoot: Hash): boolean {
    if (m === n) return proof.length === 0 && equal(oldRoot, newRoot);
    if (proof.length === 0) return false;
    const path = (m & (m - 1)) === 0 ? [oldRoot, ...proof] : [...proof];
    let fn = m - 1;
    let sn = n - 1;
    while (fn & 1) {
      fn >>= 1;
      sn >>= 1;
    }
    let fr = path[0]!;
    let sr = path[0]!;
    for (const c of path.slice(1)) {
      if (sn === 0) return false;
      if (fn & 1 || fn === sn) {
        fr = node(c, fr);
        sr = node(c, sr);
        while (!(fn & 1) && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      } else {
        sr = node(sr, c);
      }
      fn >>= 1;
      sn >>= 1;
    }
    return equal(fr, oldRoot) && equal(sr, newRoot) && sn === 0;
  }

  it('the checks as docs/LOG.md states them accept every proof, and refuse a changed one', async () => {
    const log = await logOf(40);
    for (let n = 1; n <= 40; n++) {
      const root = await log.root(n);
      for (let i = 0; i < n; i++) {
        const proof = await proveRecord(n, i, log.reader);
        const leaf = recordHash(log.entries[i]!);
        expect(inclusionAsDocumented(proof, i, n, leaf, root), `inclusion ${i} in ${n}`).toBe(true);
        expect(inclusionAsDocumented(proof, i, n, recordHash(text('other')), root)).toBe(false);
        if (proof.length) expect(inclusionAsDocumented(proof.slice(1), i, n, leaf, root)).toBe(false);
      }
      for (let m = 1; m <= n; m++) {
        const proof = await proveTree(n, m, log.reader);
        const old = await log.root(m);
        expect(consistencyAsDocumented(proof, m, n, old, root), `consistency ${m} to ${n}`).toBe(true);
        expect(consistencyAsDocumented(proof, m, n, sha(old), root)).toBe(false);
        if (proof.length) {
          const bad = proof.map((h) => Uint8Array.from(h));
          bad[0]![0]! ^= 1;
          expect(consistencyAsDocumented(bad, m, n, old, root)).toBe(false);
        }
      }
    }
  });

  it('a proof reads O(log n) hashes', async () => {
    const log = await logOf(1000);
    let reads = 0;
    const counting = (indexes: readonly number[]) => {
      reads += indexes.length;
      return log.reader(indexes);
    };
    await proveRecord(1000, 517, counting);
    expect(reads).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(1000)));
    reads = 0;
    await treeHash(1000, counting);
    expect(reads).toBeLessThanOrEqual(Math.ceil(Math.log2(1000)));
  });

  it('property: any changed byte in a proof hash, or a changed leaf, fails the check', async () => {
    const log = await logOf(50);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 50 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (t, nSeed, byteSeed, flip) => {
          const n = nSeed % t;
          const proof = await proveRecord(t, n, log.reader);
          const root = await log.root(t);
          const entry = Uint8Array.from(log.entries[n]!);
          const at = byteSeed % entry.length;
          entry[at] = entry[at]! ^ flip;
          expect(() => checkRecord(proof, t, root, n, recordHash(entry))).toThrow(ProofError);
          if (proof.length) {
            const bad = proof.map((h) => Uint8Array.from(h));
            const which = byteSeed % bad.length;
            bad[which]![byteSeed % 32] = bad[which]![byteSeed % 32]! ^ flip;
            expect(() => checkRecord(bad, t, root, n, recordHash(log.entries[n]!))).toThrow(ProofError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('tiles (C2SP tlog-tiles)', () => {
  it('paths as tlog-tiles writes them', () => {
    expect(encodeTileIndex(1234067)).toBe('x001/x234/067');
    expect(encodeTileIndex(0)).toBe('000');
    expect(tilePath({ level: 0, n: 1234067, width: 256 })).toBe('tile/0/x001/x234/067');
    expect(tilePath({ level: 'entries', n: 5, width: 17 })).toBe('tile/entries/005.p/17');
    expect(parseTilePath('tile/0/x001/x234/067')).toEqual({ level: 0, n: 1234067, width: 256 });
    expect(parseTilePath('tile/2/000.p/3')).toEqual({ level: 2, n: 0, width: 3 });
    expect(parseTilePath('tile/entries/x001/000.p/255')).toEqual({ level: 'entries', n: 1000, width: 255 });
    for (const bad of [
      'tile/0/1',
      'tile/0/x000/001',
      'tile/0/000.p/256',
      'tile/0/000.p/0',
      'tile/64/000',
      'tile/0/000/',
    ]) {
      expect(parseTilePath(bad), bad).toBeNull();
    }
  });

  it('widths at a tree size', () => {
    expect(tileWidthAt(0, 0, 300)).toBe(256);
    expect(tileWidthAt(0, 1, 300)).toBe(44);
    expect(tileWidthAt(1, 0, 300)).toBe(1);
    expect(tileWidthAt(1, 0, 255)).toBe(0);
    expect(tileWidthAt('entries', 1, 300)).toBe(44);
  });

  it('entry bundles round-trip', () => {
    const entries = [text('a'), text(''), text('é'.repeat(300))];
    expect(decodeEntryBundle(encodeEntryBundle(entries)).map((e) => Buffer.from(e).toString())).toEqual(
      entries.map((e) => Buffer.from(e).toString()),
    );
    expect(() => decodeEntryBundle(Uint8Array.of(0, 5, 1))).toThrow();
  });

  it('proofs built from tiles equal proofs built from the stored hashes; a changed tile byte fails them', async () => {
    const log = await logOf(600);
    const size = 600;
    const tileBytes = (t: Parameters<typeof tileHashIndexes>[0]) =>
      Buffer.concat(log.reader(tileHashIndexes(t)) as Hash[]);
    const root = await log.root(size);
    const fromTiles = tileHashReader(size, async (t) => tileBytes(t));
    expect(toHex(await treeHash(size, fromTiles))).toBe(toHex(root));
    for (const n of [0, 255, 256, 511, 512, 599]) {
      expect((await proveRecord(size, n, fromTiles)).map(toHex)).toEqual(
        (await proveRecord(size, n, log.reader)).map(toHex),
      );
    }
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), fc.nat({ max: 599 }), async (seed, flip, n) => {
        // One byte changed in every tile served: a proof that uses a changed hash must fail; one
        // whose hashes all come from unchanged parts is the genuine proof, and passes.
        const tampered = tileHashReader(size, async (t) => {
          const bytes = Uint8Array.from(tileBytes(t));
          bytes[seed % bytes.length] = bytes[seed % bytes.length]! ^ flip;
          return bytes;
        });
        const proof = await proveRecord(size, n, tampered);
        const genuine = (await proveRecord(size, n, log.reader)).map(toHex);
        const check = () => checkRecord(proof, size, root, n, recordHash(log.entries[n]!));
        if (proof.map(toHex).join() === genuine.join()) expect(check).not.toThrow();
        else expect(check).toThrow(ProofError);
      }),
      { numRuns: 100 },
    );
  });
});

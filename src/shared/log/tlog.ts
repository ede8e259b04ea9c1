/**
 * The transparency log's Merkle tree (docs/LOG.md), as RFC 6962 / RFC 9162 define it and as Go's
 * golang.org/x/mod/sumdb/tlog computes it: pure functions over a `HashReader`, so the same code
 * proves from the database (the server), from tiles fetched over HTTP (the verifier) or from
 * memory (the tests).
 *
 * Hashes are stored in "stored hash index" order: for each record n, its leaf hash followed by the
 * hashes of every complete subtree that record n completes, lowest level first. Index arithmetic is
 * done with JavaScript numbers, exact up to 2^53 (about 4.5e15 records).
 */
import { createHash } from 'node:crypto';

export const HASH_SIZE = 32;
export type Hash = Uint8Array;

/** Reads stored hashes by stored-hash index; answers them in the order asked. */
export type HashReader = (indexes: readonly number[]) => Promise<Hash[]> | Hash[];

export class ProofError extends Error {}

const sha256 = (...parts: Uint8Array[]): Hash => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** RFC 6962 leaf hash: SHA-256(0x00 ‖ entry). */
export const recordHash = (entry: Uint8Array): Hash => sha256(LEAF_PREFIX, entry);

/** RFC 6962 interior node hash: SHA-256(0x01 ‖ left ‖ right). */
export const nodeHash = (left: Hash, right: Hash): Hash => sha256(NODE_PREFIX, left, right);

/** The empty tree's hash (RFC 6962: SHA-256 of nothing). Go's TreeHash(0) answers zeros; size 0 is never signed here. */
export const EMPTY_TREE_HASH = sha256();

export const hashEquals = (a: Hash, b: Hash): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

export const toHex = (h: Hash): string => Buffer.from(h).toString('hex');
export const toBase64 = (h: Hash): string => Buffer.from(h).toString('base64');

/** A 32-byte hash from 64 hex digits (either case); null otherwise. */
export function hashFromHex(text: string): Hash | null {
  return /^[0-9a-fA-F]{64}$/.test(text) ? new Uint8Array(Buffer.from(text, 'hex')) : null;
}

/** A 32-byte hash from standard padded base64, strictly (re-encoding must give the same text); null otherwise. */
export function hashFromBase64(text: string): Hash | null {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === HASH_SIZE && bytes.toString('base64') === text ? new Uint8Array(bytes) : null;
}

const trailingZeros = (n: number): number => {
  let count = 0;
  while (n > 0 && n % 2 === 0) {
    n /= 2;
    count++;
  }
  return count;
};

/** The largest power of two strictly less than n (n ≥ 2), and its log2. */
function maxPow2(n: number): { k: number; level: number } {
  let level = 0;
  while (2 ** (level + 1) < n) level++;
  return { k: 2 ** level, level };
}

/** Where the hash of the subtree at `level`, n-th from the left (its leaves n·2^level …), is stored. */
export function storedHashIndex(level: number, n: number): number {
  // Stored hashes for the leaves before n·2^level, then the level hashes record (n+1)·2^level − 1 adds before this one.
  for (let l = level; l > 0; l--) n = 2 * n + 1;
  let i = 0;
  for (let m = n; m > 0; m = Math.floor(m / 2)) i += m;
  return i + level;
}

/** The inverse of storedHashIndex. */
export function splitStoredHashIndex(index: number): { level: number; n: number } {
  let n = Math.floor(index / 2);
  let indexN = storedHashIndex(0, n);
  if (indexN > index) throw new Error('tlog: bad math in splitStoredHashIndex');
  for (;;) {
    const x = indexN + 1 + trailingZeros(n + 1);
    if (x > index) break;
    n++;
    indexN = x;
  }
  const level = index - indexN;
  return { level, n: Math.floor(n / 2 ** level) };
}

/** How many hashes a tree of n records stores. */
export function storedHashCount(n: number): number {
  if (n === 0) return 0;
  let count = storedHashIndex(0, n - 1) + 1;
  for (let i = n - 1; i % 2 === 1; i = Math.floor(i / 2)) count++;
  return count;
}

async function readExactly(reader: HashReader, indexes: number[]): Promise<Hash[]> {
  if (indexes.length === 0) return [];
  const hashes = await reader(indexes);
  if (hashes.length !== indexes.length) {
    throw new Error(`tlog: read ${indexes.length} hashes, got ${hashes.length}`);
  }
  return hashes;
}

/**
 * The hashes to store when record n (0-based) with leaf hash `leaf` is appended: the leaf hash,
 * then the hash of each complete subtree it finishes, lowest first. They go at stored-hash indexes
 * storedHashIndex(0, n), storedHashIndex(0, n) + 1, …
 */
export async function storedHashesForRecordHash(n: number, leaf: Hash, reader: HashReader): Promise<Hash[]> {
  const m = trailingZeros(n + 1);
  const indexes: number[] = new Array<number>(m);
  for (let i = 0; i < m; i++) indexes[m - 1 - i] = storedHashIndex(i, Math.floor(n / 2 ** i) - 1);
  const old = await readExactly(reader, indexes);
  const hashes = [leaf];
  let h = leaf;
  for (let i = 0; i < m; i++) {
    h = nodeHash(old[m - 1 - i]!, h);
    hashes.push(h);
  }
  return hashes;
}

/** Stored-hash indexes of the complete subtrees covering records [lo, hi), largest first. */
function subTreeIndex(lo: number, hi: number, need: number[]): number[] {
  while (lo < hi) {
    const { k, level } = maxPow2(hi - lo + 1);
    if (lo % k !== 0) throw new Error('tlog: bad math in subTreeIndex');
    need.push(storedHashIndex(level, lo / k));
    lo += k;
  }
  return need;
}

/**
 * Stored-hash indexes of the complete subtrees covering records [lo, hi), largest first. For
 * [0, n): the tree's right edge, which is all that appending record n reads.
 */
export const subTreeIndexes = (lo: number, hi: number): number[] => subTreeIndex(lo, hi, []);

/** Folds the hashes subTreeIndex(lo, hi) asked for into the hash of [lo, hi); answers the rest. */
function subTreeHash(lo: number, hi: number, hashes: Hash[]): [Hash, Hash[]] {
  let numTree = 0;
  while (lo < hi) {
    const { k } = maxPow2(hi - lo + 1);
    numTree++;
    lo += k;
  }
  if (hashes.length < numTree) throw new Error('tlog: bad index math in subTreeHash');
  let h = hashes[numTree - 1]!;
  for (let i = numTree - 2; i >= 0; i--) h = nodeHash(hashes[i]!, h);
  return [h, hashes.slice(numTree)];
}

/** The root hash of the tree of the first n records (n ≥ 1): at most log2(n) + 1 reads. */
export async function treeHash(n: number, reader: HashReader): Promise<Hash> {
  if (n === 0) return EMPTY_TREE_HASH;
  const hashes = await readExactly(reader, subTreeIndex(0, n, []));
  const [h, rest] = subTreeHash(0, n, hashes);
  if (rest.length) throw new Error('tlog: bad index math in treeHash');
  return h;
}

function leafProofIndex(lo: number, hi: number, n: number, need: number[]): number[] {
  if (lo + 1 === hi) return need;
  const { k } = maxPow2(hi - lo);
  if (n < lo + k) {
    leafProofIndex(lo, lo + k, n, need);
    subTreeIndex(lo + k, hi, need);
  } else {
    subTreeIndex(lo, lo + k, need);
    leafProofIndex(lo + k, hi, n, need);
  }
  return need;
}

function leafProof(lo: number, hi: number, n: number, hashes: Hash[]): [Hash[], Hash[]] {
  if (lo + 1 === hi) return [[], hashes];
  const { k } = maxPow2(hi - lo);
  let proof: Hash[];
  let th: Hash;
  if (n < lo + k) {
    [proof, hashes] = leafProof(lo, lo + k, n, hashes);
    [th, hashes] = subTreeHash(lo + k, hi, hashes);
  } else {
    [th, hashes] = subTreeHash(lo, lo + k, hashes);
    [proof, hashes] = leafProof(lo + k, hi, n, hashes);
  }
  proof.push(th);
  return [proof, hashes];
}

/** RFC 6962 inclusion proof of record n in the tree of size t (0 ≤ n < t), leaf side first. */
export async function proveRecord(t: number, n: number, reader: HashReader): Promise<Hash[]> {
  if (!(Number.isSafeInteger(t) && Number.isSafeInteger(n) && n >= 0 && n < t)) {
    throw new RangeError('tlog: invalid inputs in proveRecord');
  }
  const hashes = await readExactly(reader, leafProofIndex(0, t, n, []));
  const [proof, rest] = leafProof(0, t, n, hashes);
  if (rest.length) throw new Error('tlog: bad index math in proveRecord');
  return proof;
}

function runRecordProof(p: readonly Hash[], lo: number, hi: number, n: number, leaf: Hash): Hash {
  if (lo + 1 === hi) {
    if (p.length) throw new ProofError('invalid inclusion proof: too long');
    return leaf;
  }
  if (!p.length) throw new ProofError('invalid inclusion proof: too short');
  const { k } = maxPow2(hi - lo);
  const last = p[p.length - 1]!;
  if (n < lo + k) return nodeHash(runRecordProof(p.slice(0, -1), lo, lo + k, n, leaf), last);
  return nodeHash(last, runRecordProof(p.slice(0, -1), lo + k, hi, n, leaf));
}

/** Throws ProofError unless `proof` shows record n with leaf hash `leaf` in the tree of size t and root `root`. */
export function checkRecord(proof: readonly Hash[], t: number, root: Hash, n: number, leaf: Hash): void {
  if (!(Number.isSafeInteger(t) && Number.isSafeInteger(n) && n >= 0 && n < t)) {
    throw new ProofError(`invalid inclusion proof inputs: index ${n} in a tree of ${t}`);
  }
  if (!hashEquals(runRecordProof(proof, 0, t, n, leaf), root)) {
    throw new ProofError(`inclusion proof of entry ${n} does not lead to the root of the tree of ${t}`);
  }
}

function treeProofIndex(lo: number, hi: number, n: number, need: number[]): number[] {
  if (n === hi) return lo === 0 ? need : subTreeIndex(lo, hi, need);
  const { k } = maxPow2(hi - lo);
  if (n <= lo + k) {
    treeProofIndex(lo, lo + k, n, need);
    subTreeIndex(lo + k, hi, need);
  } else {
    subTreeIndex(lo, lo + k, need);
    treeProofIndex(lo + k, hi, n, need);
  }
  return need;
}

function treeProof(lo: number, hi: number, n: number, hashes: Hash[]): [Hash[], Hash[]] {
  if (n === hi) {
    if (lo === 0) return [[], hashes];
    const [th, rest] = subTreeHash(lo, hi, hashes);
    return [[th], rest];
  }
  const { k } = maxPow2(hi - lo);
  let proof: Hash[];
  let th: Hash;
  if (n <= lo + k) {
    [proof, hashes] = treeProof(lo, lo + k, n, hashes);
    [th, hashes] = subTreeHash(lo + k, hi, hashes);
  } else {
    [th, hashes] = subTreeHash(lo, lo + k, hashes);
    [proof, hashes] = treeProof(lo + k, hi, n, hashes);
  }
  proof.push(th);
  return [proof, hashes];
}

/** RFC 6962 consistency proof that the tree of size n is a prefix of the tree of size t (1 ≤ n ≤ t). */
export async function proveTree(t: number, n: number, reader: HashReader): Promise<Hash[]> {
  if (!(Number.isSafeInteger(t) && Number.isSafeInteger(n) && n >= 1 && n <= t)) {
    throw new RangeError('tlog: invalid inputs in proveTree');
  }
  const hashes = await readExactly(reader, treeProofIndex(0, t, n, []));
  const [proof, rest] = treeProof(0, t, n, hashes);
  if (rest.length) throw new Error('tlog: bad index math in proveTree');
  return proof;
}

function runTreeProof(p: readonly Hash[], lo: number, hi: number, n: number, old: Hash): [Hash, Hash] {
  if (n === hi) {
    if (lo === 0) {
      if (p.length) throw new ProofError('invalid consistency proof: too long');
      return [old, old];
    }
    if (p.length !== 1) throw new ProofError('invalid consistency proof: wrong length');
    return [p[0]!, p[0]!];
  }
  if (!p.length) throw new ProofError('invalid consistency proof: too short');
  const { k } = maxPow2(hi - lo);
  const last = p[p.length - 1]!;
  if (n <= lo + k) {
    const [oh, th] = runTreeProof(p.slice(0, -1), lo, lo + k, n, old);
    return [oh, nodeHash(th, last)];
  }
  const [oh, th] = runTreeProof(p.slice(0, -1), lo + k, hi, n, old);
  return [nodeHash(last, oh), nodeHash(last, th)];
}

/**
 * Throws ProofError unless `proof` shows the tree of size n with root `oldRoot` is a prefix of the
 * tree of size t with root `root`. (For n = t the proof is empty and the roots must be equal.)
 */
export function checkTree(proof: readonly Hash[], t: number, root: Hash, n: number, oldRoot: Hash): void {
  if (!(Number.isSafeInteger(t) && Number.isSafeInteger(n) && n >= 1 && n <= t)) {
    throw new ProofError(`invalid consistency proof inputs: from ${n} to ${t}`);
  }
  const [oh, th] = runTreeProof(proof, 0, t, n, oldRoot);
  if (!hashEquals(th, root) || !hashEquals(oh, oldRoot)) {
    throw new ProofError(`the tree of ${n} is not a prefix of the tree of ${t}: the consistency proof fails`);
  }
}

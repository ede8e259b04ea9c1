/**
 * C2SP tlog-tiles (https://c2sp.org/tlog-tiles): the log's hashes and entries as static files of
 * height 8 (256 hashes a tile), so anyone can mirror the log and a CDN can serve it.
 *
 * - `tile/<L>/<N>[.p/<W>]`: the hashes of the complete subtrees at tree level 8·L, N-th group of
 *   256 from the left; a partial tile (W < 256 hashes) while the group is not yet full.
 * - `tile/entries/<N>[.p/<W>]`: the entries N·256 … N·256+W−1, each a big-endian 16-bit length
 *   then its bytes.
 * - N is written in groups of three digits, every group but the last prefixed with "x":
 *   1234067 is `x001/x234/067`.
 */
import { HASH_SIZE, nodeHash, splitStoredHashIndex, storedHashIndex, type Hash, type HashReader } from './tlog.ts';

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 2 ** TILE_HEIGHT;

export interface Tile {
  /** Tile level; 'entries' for an entry bundle. */
  level: number | 'entries';
  /** The tile's index at its level. */
  n: number;
  /** How many hashes (or entries) it holds, 1 … 256. */
  width: number;
}

export function encodeTileIndex(n: number): string {
  const groups: string[] = [];
  let rest = n;
  do {
    groups.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
}

export const tilePath = (t: Tile): string =>
  `tile/${t.level}/${encodeTileIndex(t.n)}${t.width < TILE_WIDTH ? `.p/${t.width}` : ''}`;

/** Reads a tile path (after the log's prefix) strictly; null when it is not one. */
export function parseTilePath(path: string): Tile | null {
  const match = /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*)([0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/.exec(path);
  if (!match) return null;
  const level = match[1] === 'entries' ? 'entries' : Number(match[1]);
  if (level !== 'entries' && level > 63) return null;
  const groups = [
    ...(match[2] ?? '')
      .split('/')
      .filter(Boolean)
      .map((g) => g.slice(1)),
    match[3]!,
  ];
  if (groups.length > 1 && groups[0] === '000') return null; // one spelling per index
  const n = Number(groups.join(''));
  const width = match[4] === undefined ? TILE_WIDTH : Number(match[4]);
  if (!Number.isSafeInteger(n) || (match[4] !== undefined && width >= TILE_WIDTH)) return null;
  return { level, n, width };
}

/**
 * The width a tile has in a tree of `size` entries: 256 when full, fewer while partial, 0 when it
 * does not exist yet.
 */
export function tileWidthAt(level: number | 'entries', n: number, size: number): number {
  const perHash = level === 'entries' ? 1 : 2 ** (TILE_HEIGHT * level);
  const available = Math.floor(size / perHash) - n * TILE_WIDTH;
  return Math.max(0, Math.min(TILE_WIDTH, available));
}

/** The stored-hash indexes of a hash tile's hashes, in tile order. */
export function tileHashIndexes(t: Tile): number[] {
  if (t.level === 'entries') throw new Error('an entry bundle holds entries, not hashes');
  const level = TILE_HEIGHT * t.level;
  return Array.from({ length: t.width }, (_, i) => storedHashIndex(level, t.n * TILE_WIDTH + i));
}

/** An entry bundle's bytes. Each entry must be under 64 KiB. */
export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    if (entry.length > 0xffff) throw new RangeError('a log entry is at most 65535 bytes');
    parts.push(Uint8Array.of(entry.length >> 8, entry.length & 0xff), entry);
  }
  return Uint8Array.from(Buffer.concat(parts));
}

/** The entries of a bundle; throws when the bytes are not one. */
export function decodeEntryBundle(bytes: Uint8Array): Uint8Array[] {
  const entries: Uint8Array[] = [];
  for (let i = 0; i < bytes.length;) {
    if (i + 2 > bytes.length) throw new Error('truncated entry bundle');
    const length = (bytes[i]! << 8) | bytes[i + 1]!;
    if (i + 2 + length > bytes.length) throw new Error('truncated entry bundle');
    entries.push(bytes.subarray(i + 2, i + 2 + length));
    i += 2 + length;
  }
  return entries;
}

/**
 * A HashReader over tiles of the tree of `size` entries, fetched by `fetchTile` (bytes of the tile
 * at the width the tree of `size` has). A stored hash at level ℓ is read from the tile at level
 * ⌊ℓ/8⌋ and, when ℓ is not a multiple of 8, folded from the 2^(ℓ mod 8) hashes under it. Nothing
 * read is trusted: proofs built from it are checked against a signed root (checkRecord/checkTree).
 */
export function tileHashReader(size: number, fetchTile: (t: Tile) => Promise<Uint8Array>): HashReader {
  const cache = new Map<string, Promise<Uint8Array>>();
  const tileBytes = (t: Tile) => {
    const key = tilePath(t);
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = fetchTile(t).then((b) => {
        if (b.length !== t.width * HASH_SIZE)
          throw new Error(`${key}: ${b.length} bytes, expected ${t.width * HASH_SIZE}`);
        return b;
      });
      cache.set(key, bytes);
    }
    return bytes;
  };
  return async (indexes) =>
    Promise.all(
      indexes.map(async (index) => {
        const { level, n } = splitStoredHashIndex(index);
        const tileLevel = Math.floor(level / TILE_HEIGHT);
        const fold = 2 ** (level - tileLevel * TILE_HEIGHT);
        const first = n * fold; // first hash under it, at level 8·tileLevel
        const tileN = Math.floor(first / TILE_WIDTH);
        const width = tileWidthAt(tileLevel, tileN, size);
        const start = first - tileN * TILE_WIDTH;
        if (start + fold > width) throw new Error(`hash ${index} is not in the tree of ${size}`);
        const bytes = await tileBytes({ level: tileLevel, n: tileN, width });
        let hashes: Hash[] = Array.from({ length: fold }, (_, i) =>
          bytes.subarray((start + i) * HASH_SIZE, (start + i + 1) * HASH_SIZE),
        );
        while (hashes.length > 1) {
          const next: Hash[] = [];
          for (let i = 0; i < hashes.length; i += 2) next.push(nodeHash(hashes[i]!, hashes[i + 1]!));
          hashes = next;
        }
        return hashes[0]!;
      }),
    );
}

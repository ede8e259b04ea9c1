/**
 * Property: a follower who mirrors the log as docs/LOG.md says ("To mirror the log": the signed
 * checkpoint, every entry bundle, every hash tile) notices any changed byte in any of them. The
 * checks are the ones a follower's own verifier makes: open the checkpoint with the pinned key,
 * rebuild the tree from the entries and compare its root, compare every hash tile with the hashes
 * rebuilt, and check an inclusion proof read from the tiles against the root.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpointText, openCheckpoint } from './checkpoint.ts';
import { MemoryLog } from './memory-log.ts';
import { generateSignerKey, parseSignerKey, parseVerifierKey, signNote } from './note.ts';
import {
  decodeEntryBundle,
  encodeEntryBundle,
  TILE_WIDTH,
  tileHashIndexes,
  tileHashReader,
  tilePath,
  tileWidthAt,
  type Tile,
} from './tiles.ts';
import { checkRecord, proveRecord, recordHash } from './tlog.ts';

const SIZE = 600; // two full tiles and a partial one at level 0, a partial one at level 1
const signer = parseSignerKey(generateSignerKey('betproof.test/log'));
const pinned = parseVerifierKey(signer.verifierKey);

/** Every tile of the tree of `size` entries (hash tiles of every level, entry bundles), by path. */
function tilesAt(size: number): Tile[] {
  const tiles: Tile[] = [];
  for (let n = 0; tileWidthAt('entries', n, size) > 0; n++)
    tiles.push({ level: 'entries', n, width: tileWidthAt('entries', n, size) });
  for (let level = 0; tileWidthAt(level, 0, size) > 0; level++) {
    for (let n = 0; tileWidthAt(level, n, size) > 0; n++) tiles.push({ level, n, width: tileWidthAt(level, n, size) });
  }
  return tiles;
}

/** What the log serves: the checkpoint and each tile's bytes. */
async function servedLog(): Promise<{ files: Map<string, Uint8Array>; entries: Uint8Array[] }> {
  const log = new MemoryLog();
  const entries = Array.from({ length: SIZE }, (_, i) =>
    new TextEncoder().encode(`{"at":"2026-11-28T13:02:00.000Z","kind":"recorded","seq":${i + 1},"hash":"${i}"}`),
  );
  for (const entry of entries) await log.append(entry);
  const files = new Map<string, Uint8Array>();
  const note = signNote(checkpointText({ origin: signer.name, size: SIZE, root: await log.root() }), signer);
  files.set('checkpoint', new TextEncoder().encode(note));
  for (const tile of tilesAt(SIZE)) {
    const first = tile.n * TILE_WIDTH;
    files.set(
      tilePath(tile),
      tile.level === 'entries'
        ? encodeEntryBundle(entries.slice(first, first + tile.width))
        : Uint8Array.from(Buffer.concat(log.reader(tileHashIndexes(tile)) as Uint8Array[])),
    );
  }
  return { files, entries };
}

/** A follower's check of a mirrored log; throws at the first thing that does not hold. */
async function checkMirror(files: ReadonlyMap<string, Uint8Array>, probe: number): Promise<void> {
  const checkpoint = openCheckpoint(new TextDecoder('utf-8', { fatal: true }).decode(files.get('checkpoint')), pinned);
  const tiles = tilesAt(checkpoint.size);
  const rebuilt = new MemoryLog();
  for (const tile of tiles.filter((t) => t.level === 'entries')) {
    const entries = decodeEntryBundle(files.get(tilePath(tile))!);
    if (entries.length !== tile.width) throw new Error(`${tilePath(tile)}: ${entries.length} entries`);
    for (const entry of entries) await rebuilt.append(entry);
  }
  if (!Buffer.from(await rebuilt.root()).equals(Buffer.from(checkpoint.root))) {
    throw new Error('the entries do not make the signed root');
  }
  for (const tile of tiles.filter((t) => t.level !== 'entries')) {
    const expected = Buffer.concat(rebuilt.reader(tileHashIndexes(tile)) as Uint8Array[]);
    if (!expected.equals(Buffer.from(files.get(tilePath(tile))!))) throw new Error(`${tilePath(tile)} differs`);
  }
  // A proof read from the tiles alone (as a client that fetches no entries does) checks too.
  const fromTiles = tileHashReader(checkpoint.size, async (t) => files.get(tilePath(t))!);
  const proof = await proveRecord(checkpoint.size, probe, fromTiles);
  checkRecord(proof, checkpoint.size, checkpoint.root, probe, recordHash(rebuilt.entries[probe]!));
}

describe('a mirrored log', () => {
  it('property: any changed byte in any entry, hash tile or the checkpoint fails the check', async () => {
    const { files } = await servedLog();
    await checkMirror(files, 0); // the genuine log passes
    const names = [...files.keys()];
    expect(names).toEqual([
      'checkpoint',
      'tile/entries/000',
      'tile/entries/001',
      'tile/entries/002.p/88',
      'tile/0/000',
      'tile/0/001',
      'tile/0/002.p/88',
      'tile/1/000.p/2',
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.nat({ max: SIZE - 1 }),
        async (name, at, flip, probe) => {
          const changed = new Map(files);
          const bytes = Uint8Array.from(files.get(name)!);
          bytes[at % bytes.length]! ^= flip;
          changed.set(name, bytes);
          await expect(checkMirror(changed, probe)).rejects.toThrow();
        },
      ),
      { numRuns: 400 },
    );
  });
});

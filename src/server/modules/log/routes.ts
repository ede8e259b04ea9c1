/**
 * The transparency log over HTTP (docs/LOG.md): the signed checkpoint and the tiles as static-like
 * files under /log (C2SP tlog-tiles: cacheable, mirrorable), the key and the proofs as JSON under
 * /api/log. Everything here is public and read-only; the sequencer (store.ts) is the only writer.
 */
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { apiError, validate } from '../../edge/http.ts';
import type { AppEnv } from '../auth/index.ts';
import {
  consistencyQuerySchema,
  inclusionQuerySchema,
  timestampsQuerySchema,
  type Timestamps,
  type Consistency,
  type Inclusion,
  type LogKey,
} from '../../../shared/log/api.ts';
import type { Signer } from '../../../shared/log/note.ts';
import {
  encodeEntryBundle,
  parseTilePath,
  tileHashIndexes,
  tileWidthAt,
  TILE_WIDTH,
} from '../../../shared/log/tiles.ts';
import { proveRecord, proveTree, toHex } from '../../../shared/log/tlog.ts';
import { addSignatures } from '../../../shared/log/checkpoint.ts';
import { checkpointOf, dbHashReader, latestCheckpoint, logEntryOf, readLogState } from './store.ts';
import { sealingCheckpointSize, timestampsOf } from './timestamper.ts';
import { cosignaturesOf } from './witnessing.ts';

export interface LogRoutesDeps {
  db: Db;
  signer: Signer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /api/log: the key, inclusion and consistency proofs. */
export function logApiRoutes({ db, signer }: LogRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/key', async (c) => {
      // The key that signs this log: the first that signed it (log_state), else this server's.
      const { verifierKey } = await readLogState(db);
      const key = verifierKey ?? signer.verifierKey;
      return c.json<LogKey>({ verifierKey: key, origin: key.slice(0, key.indexOf('+')) });
    })
    .get('/inclusion', validate('query', inclusionQuerySchema), async (c) => {
      const { leaf, size } = c.req.valid('query');
      const { size: logSize } = await readLogState(db);
      if (size > logSize) return apiError(c, 404, `The log has ${logSize} entries, fewer than ${size}`);
      const [row] = await queryRows<{ index: string }>(
        db,
        sql`select index::text as index from log_leaves where leaf_hash = decode(${leaf.toLowerCase()}, 'hex')`,
      );
      if (!row) return apiError(c, 404, 'No entry with this leaf hash is in the log');
      const index = Number(row.index);
      if (index >= size) return apiError(c, 404, `The entry is at index ${index}, not in the first ${size} entries`);
      const proof = await proveRecord(size, index, dbHashReader(db));
      return c.json<Inclusion>({ index, size, proof: proof.map(toHex) });
    })
    .get('/timestamps', validate('query', timestampsQuerySchema), async (c) => {
      // The tokens over one checkpoint: the one of `size`, or the one that seals entry `index`.
      const query = c.req.valid('query');
      if ((query.size === undefined) === (query.index === undefined)) {
        return apiError(c, 422, 'Give either size or index', { size: 'either size or index' });
      }
      const size = query.size ?? (await sealingCheckpointSize(db, query.index!));
      if (size === null) return apiError(c, 404, `No time-stamped checkpoint contains entry ${query.index} yet`);
      const checkpoint = await checkpointOf(db, size);
      if (!checkpoint) return apiError(c, 404, `The log has no checkpoint of ${size} entries`);
      const timestamps = await timestampsOf(db, size);
      return c.json<Timestamps>({
        size,
        checkpoint: addSignatures(checkpoint.note, await cosignaturesOf(db, size)),
        timestamps: timestamps.map((t) => ({
          authority: t.authority,
          name: t.tsaName,
          time: t.genTime,
          token: t.token,
        })),
      });
    })
    .get('/consistency', validate('query', consistencyQuerySchema), async (c) => {
      const { from, to } = c.req.valid('query');
      if (from > to) return apiError(c, 422, 'from must not be greater than to', { from: 'greater than to' });
      const { size } = await readLogState(db);
      if (to > size) return apiError(c, 404, `The log has ${size} entries, fewer than ${to}`);
      const proof = await proveTree(to, from, dbHashReader(db));
      return c.json<Consistency>({ proof: proof.map(toHex) });
    });
}

/** /log: the checkpoint and the tiles, as C2SP tlog-tiles lays them out. */
export function logFileRoutes({ db }: Pick<LogRoutesDeps, 'db'>) {
  return new Hono<AppEnv>()
    .get('/checkpoint', async (c) => {
      const checkpoint = await latestCheckpoint(db);
      if (!checkpoint) return c.text('The log has no checkpoint yet\n', 404, { 'Cache-Control': 'no-store' });
      // With the witnesses' cosignatures gathered so far (decision 043).
      const note = addSignatures(checkpoint.note, await cosignaturesOf(db, checkpoint.size));
      return c.text(note, 200, { 'Cache-Control': 'no-cache' });
    })
    .get('/tile/*', async (c) => {
      const tile = parseTilePath(c.req.path.slice(c.req.path.indexOf('/tile/') + 1));
      if (!tile) return c.text('Not a tile path\n', 404);
      const { size } = await readLogState(db);
      // A tile exists at the width it has (or had) in some tree no bigger than the log.
      if (tile.width > tileWidthAt(tile.level, tile.n, size)) return c.text('No such tile (yet)\n', 404);
      const headers = {
        'Content-Type': 'application/octet-stream',
        // Its bytes never change: a full tile is final, a partial one is named by its width.
        'Cache-Control': tile.width === TILE_WIDTH ? IMMUTABLE : 'public, max-age=3600',
      };
      if (tile.level !== 'entries') {
        const hashes = await dbHashReader(db)(tileHashIndexes(tile));
        return c.body(Buffer.concat(hashes), 200, headers);
      }
      const first = tile.n * TILE_WIDTH;
      const rows = await queryRows<{ index: string; body: string | null; hash: string | null }>(
        db,
        sql`select v.index::text as index, l.body, l.hash
            from log_leaves v left join bet_ledger l on l.user_id = v.user_id and l.seq = v.seq
            where v.index >= ${first} and v.index < ${first + tile.width} order by v.index`,
      );
      if (rows.some((r) => r.body === null || r.hash === null)) {
        // An erased account's entries leave the log's text (their leaf hashes stay): decision 026.
        return c.text('This bundle holds entries of an erased account; their text is no longer served\n', 410, {
          'Cache-Control': 'no-store',
        });
      }
      return c.body(encodeEntryBundle(rows.map((r) => logEntryOf({ body: r.body!, hash: r.hash! }))), 200, headers);
    });
}

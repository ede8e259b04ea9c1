/**
 * The log's storage and its sequencer (docs/LOG.md, docs/decisions/024-log-sequencer.md).
 *
 * Ledger rows queue themselves in log_pending (a trigger, migration 0028). `tickLog` takes the
 * queue in order under the lock of log_state's single row — with SKIP LOCKED, so of several
 * servers on one database exactly one sequences at a time and the others carry on — appends the
 * entries' leaf hashes and the tree's new stored hashes, and signs a new checkpoint when the log
 * has grown and the last one is old enough. All in one transaction: a crash leaves the queue as it
 * was.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { checkpointText } from '../../../shared/log/checkpoint.ts';
import { signNote, type Signer } from '../../../shared/log/note.ts';
import {
  recordHash,
  storedHashesForRecordHash,
  storedHashIndex,
  subTreeIndexes,
  treeHash,
  type Hash,
  type HashReader,
} from '../../../shared/log/tlog.ts';
import { entryJson } from '../ledger/queries.ts';

/** Entries appended per transaction: bounds one tick's work and its lock. */
export const SEQUENCE_BATCH = 5000;

const utf8 = new TextEncoder();

/** The log entry of a ledger row: its NDJSON line exactly as served, without the newline. */
export const logEntryOf = (row: { body: string; hash: string }): Uint8Array => utf8.encode(entryJson(row));

const fromHex = (hex: string): Hash => new Uint8Array(Buffer.from(hex, 'hex'));

/** A HashReader over log_hashes: one query for any number of indexes. */
export function dbHashReader(db: Db): HashReader {
  return async (indexes) => {
    const rows = await queryRows<{ index: string; hash: string }>(
      db,
      sql`select index::text as index, encode(hash, 'hex') as hash from log_hashes
          where index = any(string_to_array(${indexes.join(',')}, ',')::bigint[])`,
    );
    const byIndex = new Map(rows.map((r) => [Number(r.index), r.hash]));
    return indexes.map((i) => {
      const hex = byIndex.get(i);
      if (hex === undefined) throw new Error(`log: stored hash ${i} is missing`);
      return fromHex(hex);
    });
  };
}

export interface LogState {
  size: number;
  verifierKey: string | null;
  backfilled: number;
  createdAt: string;
}

export async function readLogState(db: Db): Promise<LogState> {
  const [row] = await queryRows<{ size: string; verifier_key: string | null; backfilled: string; created_at: string }>(
    db,
    sql`select size::text as size, verifier_key, backfilled::text as backfilled,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from log_state`,
  );
  if (!row) throw new Error('log: log_state has no row (migration 0028)');
  return {
    size: Number(row.size),
    verifierKey: row.verifier_key,
    backfilled: Number(row.backfilled),
    createdAt: row.created_at,
  };
}

export interface StoredCheckpoint {
  size: number;
  note: string;
  createdAt: string;
}

/**
 * The newest signed checkpoint, or null before the first. Ordered by the column (`c.size`), not by
 * the text alias of the same name, which PostgreSQL's ORDER BY would take first: "9" > "10".
 */
export async function latestCheckpoint(db: Db): Promise<StoredCheckpoint | null> {
  const [row] = await queryRows<{ size: string; note: string; created_at: string }>(
    db,
    sql`select size::text as size, note,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from log_checkpoints c order by c.size desc limit 1`,
  );
  return row ? { size: Number(row.size), note: row.note, createdAt: row.created_at } : null;
}

/** The signed checkpoint of `size`, or null when the log signed none of that size. */
export async function checkpointOf(db: Db, size: number): Promise<StoredCheckpoint | null> {
  const [row] = await queryRows<{ note: string; created_at: string }>(
    db,
    sql`select note, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from log_checkpoints where size = ${size}`,
  );
  return row ? { size, note: row.note, createdAt: row.created_at } : null;
}

export interface TickOptions {
  signer: Signer;
  now: () => Date;
  /** A new checkpoint at most this often while the log grows. */
  checkpointEveryMs: number;
  batch?: number;
}

export interface TickResult {
  /** Entries appended by this tick (0 when another server holds the lock). */
  appended: number;
  /** The size of the checkpoint this tick signed, if it signed one. */
  checkpoint: number | null;
  /** Why this server did not sign (another key already signs this log). */
  refused?: string;
}

/** One round of the sequencer: append what is queued (up to a batch) and sign a checkpoint if due. */
export async function tickLog(db: Db, opts: TickOptions): Promise<TickResult> {
  const batch = opts.batch ?? SEQUENCE_BATCH;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [locked] = await queryRows<{ size: string; verifier_key: string | null }>(
      tx,
      sql`select size::text as size, verifier_key from log_state for update skip locked`,
    );
    if (!locked) return { appended: 0, checkpoint: null };
    const start = Number(locked.size);
    const rows = await queryRows<{ id: string; user_id: string; seq: number; body: string; hash: string }>(
      tx,
      sql`select p.id::text as id, p.user_id, p.seq, l.body, l.hash
          from log_pending p join bet_ledger l on l.user_id = p.user_id and l.seq = p.seq
          order by p.id limit ${batch}`,
    );

    // The hashes this batch writes, and the ones before it that appending reads: the roots of the
    // complete subtrees of the tree of `start` (at most log2(start) + 1 of them, read at once).
    const known = new Map<number, Hash>();
    const frontier = subTreeIndexes(0, start);
    const frontierHashes = await dbHashReader(tx)(frontier);
    frontier.forEach((index, i) => known.set(index, frontierHashes[i]!));
    const reader: HashReader = (indexes) =>
      indexes.map((i) => {
        const h = known.get(i);
        if (!h) throw new Error(`log: stored hash ${i} was not read`);
        return h;
      });

    const leaves: { i: number; h: string; u: string; s: number }[] = [];
    const written: { i: number; h: string }[] = [];
    for (const [k, row] of rows.entries()) {
      const n = start + k;
      const leaf = recordHash(logEntryOf(row));
      const stored = await storedHashesForRecordHash(n, leaf, reader);
      const at = storedHashIndex(0, n);
      stored.forEach((h, j) => {
        known.set(at + j, h);
        written.push({ i: at + j, h: Buffer.from(h).toString('hex') });
      });
      leaves.push({ i: n, h: Buffer.from(leaf).toString('hex'), u: row.user_id, s: row.seq });
    }
    const size = start + rows.length;
    const now = opts.now();
    if (rows.length) {
      await tx.execute(sql`insert into log_hashes (index, hash)
        select x.i, decode(x.h, 'hex') from jsonb_to_recordset(${JSON.stringify(written)}::jsonb) as x(i bigint, h text)`);
      await tx.execute(sql`insert into log_leaves (index, leaf_hash, user_id, seq, sealed_at)
        select x.i, decode(x.h, 'hex'), x.u, x.s, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(leaves)}::jsonb) as x(i bigint, h text, u text, s int)`);
      await tx.execute(sql`delete from log_pending
        where id = any(string_to_array(${rows.map((r) => r.id).join(',')}, ',')::bigint[])`);
      await tx.execute(sql`update log_state set size = ${size}`);
    }

    // A checkpoint when the log is bigger than the last one and that one is old enough.
    const last = await latestCheckpoint(tx);
    const due =
      size > (last?.size ?? 0) && (!last || now.getTime() - Date.parse(last.createdAt) >= opts.checkpointEveryMs);
    if (!due) return { appended: rows.length, checkpoint: null };
    const key = opts.signer.verifierKey;
    if (locked.verifier_key && locked.verifier_key !== key) {
      return {
        appended: rows.length,
        checkpoint: null,
        refused: `this log is signed by ${locked.verifier_key}; this server's key ${key} does not sign it`,
      };
    }
    if (!locked.verifier_key) await tx.execute(sql`update log_state set verifier_key = ${key}`);
    const root = await treeHash(size, reader);
    const note = signNote(checkpointText({ origin: opts.signer.name, size, root }), opts.signer);
    await tx.execute(
      sql`insert into log_checkpoints (size, note, created_at) values (${size}, ${note}, ${now.toISOString()}::timestamptz)`,
    );
    return { appended: rows.length, checkpoint: size };
  });
}

/** Ticks until the queue is empty (tests, and a server catching up after a pause). */
export async function drainLog(db: Db, opts: TickOptions): Promise<void> {
  for (;;) {
    const result = await tickLog(db, opts);
    if (result.appended < (opts.batch ?? SEQUENCE_BATCH)) return;
  }
}

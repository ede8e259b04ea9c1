import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The transparency log (docs/LOG.md, migration 0028). Its queries are raw SQL in
 * src/server/modules/log/store.ts (hashes travel as hex); these tables type and document them.
 */

/** The log's one row: its size, the key that signs it, and how many entries the migration queued. */
export const logState = pgTable(
  'log_state',
  {
    id: boolean('id').primaryKey().default(true),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    verifierKey: text('verifier_key'),
    backfilled: bigint('backfilled', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('log_state_one_row', sql`${t.id}`), check('log_state_size', sql`${t.size} >= 0`)],
);

/** Ledger rows waiting for the sequencer, in commit order (decision 024). */
export const logPending = pgTable('log_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  seq: integer('seq').notNull(),
});

/** One row per log entry: its index, leaf hash, and which ledger entry it is. */
export const logLeaves = pgTable(
  'log_leaves',
  {
    index: bigint('index', { mode: 'number' }).primaryKey(),
    leafHash: bytea('leaf_hash').notNull(),
    userId: text('user_id').notNull(),
    seq: integer('seq').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('log_leaves_index', sql`${t.index} >= 0`),
    check('log_leaves_leaf_hash', sql`octet_length(${t.leafHash}) = 32`),
    unique('log_leaves_entry_once').on(t.userId, t.seq),
    uniqueIndex('log_leaves_leaf_hash_idx').on(t.leafHash),
  ],
);

/** The tree's stored hashes by stored-hash index (src/shared/log/tlog.ts). */
export const logHashes = pgTable(
  'log_hashes',
  {
    index: bigint('index', { mode: 'number' }).primaryKey(),
    hash: bytea('hash').notNull(),
  },
  (t) => [check('log_hashes_hash', sql`octet_length(${t.hash}) = 32`)],
);

/** Every signed checkpoint, by tree size. */
export const logCheckpoints = pgTable(
  'log_checkpoints',
  {
    size: bigint('size', { mode: 'number' }).primaryKey(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('log_checkpoints_size', sql`${t.size} >= 1`)],
);

/** RFC 3161 time-stamp tokens over checkpoints, one per checkpoint and authority (migration 0033_log_outside). */
export const logTimestamps = pgTable(
  'log_timestamps',
  {
    size: bigint('size', { mode: 'number' })
      .notNull()
      .references(() => logCheckpoints.size),
    authority: text('authority').notNull(),
    tsaName: text('tsa_name').notNull(),
    genTime: timestamp('gen_time', { withTimezone: true }).notNull(),
    token: bytea('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'log_timestamps_pkey', columns: [t.size, t.authority] }),
    check('log_timestamps_token', sql`octet_length(${t.token}) > 0`),
  ],
);

/** Witnesses' cosignature/v1 lines over checkpoints, one per checkpoint and witness (migration 0033_log_outside). */
export const logCosignatures = pgTable(
  'log_cosignatures',
  {
    size: bigint('size', { mode: 'number' })
      .notNull()
      .references(() => logCheckpoints.size),
    witness: text('witness').notNull(),
    line: text('line').notNull(),
    cosignedAt: timestamp('cosigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'log_cosignatures_pkey', columns: [t.size, t.witness] }),
    check('log_cosignatures_line', sql`left(${t.line}, 2) = '— '`),
  ],
);

/** The size each witness last cosigned: the old size of the next add-checkpoint request. */
export const logWitnessSizes = pgTable(
  'log_witness_sizes',
  {
    witness: text('witness').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('log_witness_sizes_size', sql`${t.size} >= 0`)],
);

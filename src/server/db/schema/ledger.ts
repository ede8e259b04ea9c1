import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The public, hash-chained history of each user's record (docs/LEDGER.md). One row per change to
 * a bet: recorded, settled, or deleted before its event. Appended by triggers on `bets` (migration
 * 0013) in the same transaction as the change, whatever code writes bets; the database refuses
 * UPDATE and DELETE of a row (only erasing the whole account removes a chain).
 */
export const betLedger = pgTable(
  'bet_ledger',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 1, 2, ... per user, no gaps. */
    seq: integer('seq').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['recorded', 'settled', 'deleted'] }).notNull(),
    /** The bet's id; no foreign key, since a deleted bet's entries stay. */
    betId: uuid('bet_id').notNull(),
    /** The entry without its hash, as RFC 8785 canonical JSON: exactly the text that was hashed. */
    body: text('body').notNull(),
    /** Lowercase hex SHA-256 of the previous entry's hash followed by `body`, as UTF-8. */
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ name: 'bet_ledger_pkey', columns: [t.userId, t.seq] }),
    check('bet_ledger_seq_positive', sql`${t.seq} >= 1`),
    check('bet_ledger_kind', sql`${t.kind} in ('recorded', 'settled', 'deleted')`),
    check('bet_ledger_hash_hex', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** Each chain's head: the row the append trigger locks, so concurrent writers of one user queue. */
export const betLedgerHeads = pgTable('bet_ledger_heads', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});

/**
 * Reading a profile's public ledger (docs/LEDGER.md). The entries are written only by the database
 * triggers (db/functions/bets_ledger_append.sql); here they are read back exactly as they were hashed: the stored body
 * is the canonical JSON, and `hash` is added to it.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { betLedger, betLedgerHeads } from '../../db/schema/index.ts';
import { queryRows, type JsonText } from '../../db/sql.ts';
import { GENESIS_HASH, type LedgerEntry, type LedgerHead, type LedgerPage } from '../../../shared/ledger.ts';

/** The entry as served: its stored canonical body, with its hash. */
export const entryJson = (row: { body: string; hash: string }): string =>
  `${row.body.slice(0, -1)},"hash":"${row.hash}"}`;

export const entryOf = (row: { body: string; hash: string }): LedgerEntry => JSON.parse(entryJson(row)) as LedgerEntry;

export async function getLedgerHead(db: Db, userId: string): Promise<LedgerHead> {
  const [row] = await db
    .select({ seq: betLedgerHeads.seq, hash: betLedgerHeads.hash })
    .from(betLedgerHeads)
    .where(eq(betLedgerHeads.userId, userId));
  return row ?? { seq: 0, hash: GENESIS_HASH };
}

/** Entries with seq > `after`, oldest first, at most `limit`: a range scan of the primary key. */
export async function listLedgerRows(db: Db, userId: string, opts: { after: number; limit: number }) {
  return db
    .select({ seq: betLedger.seq, body: betLedger.body, hash: betLedger.hash })
    .from(betLedger)
    .where(and(eq(betLedger.userId, userId), gt(betLedger.seq, opts.after)))
    .orderBy(asc(betLedger.seq))
    .limit(opts.limit);
}

/** The transparency log's index of each of a chain's entries with seq in [from, to] (absent: not yet sequenced). */
async function logIndexesOf(db: Db, userId: string, from: number, to: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ seq: number; index: string }>(
    db,
    sql`select seq, index::text as index from log_leaves where user_id = ${userId} and seq between ${from} and ${to}`,
  );
  return new Map(rows.map((r) => [r.seq, Number(r.index)]));
}

/**
 * One page of the ledger (`GET /api/profiles/:username/ledger`) as JSON text, with the head read in
 * the same snapshot (a repeatable-read transaction), so the head is never behind the entries it is
 * served with. The entries go out as stored: a page of 1,000 is ~420 KB that parsing and writing
 * again would only copy. An `after` beyond the head answers the head alone: an empty page would read
 * as "nothing new" to a follower whose saved head is from a longer, or another, chain.
 */
export async function ledgerPageText(
  db: Db,
  userId: string,
  username: string,
  opts: { after: number; limit: number },
): Promise<{ ok: true; text: JsonText<LedgerPage> } | { ok: false; head: LedgerHead }> {
  const { head, rows, indexes } = await db.transaction(
    async (tx) => {
      const rows = await listLedgerRows(tx as unknown as Db, userId, opts);
      return {
        head: await getLedgerHead(tx as unknown as Db, userId),
        rows,
        indexes: rows.length
          ? await logIndexesOf(tx as unknown as Db, userId, rows[0]!.seq, rows.at(-1)!.seq)
          : new Map<number, number>(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (opts.after > head.seq) return { ok: false, head };
  const page: Omit<LedgerPage, 'entries' | 'logIndexes'> = { username, head };
  const logIndexes = JSON.stringify(rows.map((r) => indexes.get(r.seq) ?? null));
  return {
    ok: true,
    text: `${JSON.stringify(page).slice(0, -1)},"entries":[${rows.map(entryJson).join(',')}],"logIndexes":${logIndexes}}`,
  };
}

/** Rows per query of the NDJSON download. */
export const LEDGER_STREAM_BATCH = 1000;

/** The chain no longer has the entry a continued read was to follow (the account was erased). */
export class ChainChanged extends Error {}

/**
 * The chain as NDJSON, one entry a line, oldest first; read in batches as the client takes them
 * (pull-based, like the CSV export), each batch continuing from the last seq sent. Up to the entry
 * `through` (the head read first, so what is read matches it) or, without it, every entry, those
 * appended while it streams included. With `after`, only the entries that follow that one, which
 * must still be in the chain with that hash (its first batch reads it too, to check): as every hash
 * covers all before it, the chain up to it is then unchanged. Otherwise the stream fails with
 * ChainChanged.
 */
export function ledgerNdjsonStream(
  db: Db,
  userId: string,
  {
    after: last,
    through = Infinity,
    batch = LEDGER_STREAM_BATCH,
  }: { after?: LedgerHead; through?: number; batch?: number } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = last ? last.seq - 1 : 0;
  let checked = !last;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A pull must enqueue or close (or no other comes): the checked entry alone is read past.
      for (;;) {
        const limit = Math.min(batch, through - after);
        if (limit <= 0) return controller.close();
        let rows = await listLedgerRows(db, userId, { after, limit });
        const full = rows.length === limit && after + limit < through;
        if (rows.length) after = rows.at(-1)!.seq;
        if (!checked) {
          const first = rows[0];
          if (first?.seq !== last!.seq || first.hash !== last!.hash) return controller.error(new ChainChanged());
          checked = true;
          rows = rows.slice(1);
        }
        if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => `${entryJson(r)}\n`).join('')));
        if (!full) return controller.close();
        if (rows.length) return;
      }
    },
  });
}

/** Entries in the chain (for tests and the bench). */
export async function countLedger(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(betLedger)
    .where(eq(betLedger.userId, userId));
  return row?.n ?? 0;
}

/**
 * Asks each configured RFC 3161 Time-Stamp Authority to stamp the newest checkpoint, and keeps the
 * token (docs/LOG.md, "Time-stamps"; decision 042). One HTTP POST of application/timestamp-query
 * per authority; the answer is checked against the request (granted, our digest, our nonce) before
 * the token is stored. Not its chain: the server keeps what the authority signed, and the verifier
 * checks the chain against the roots its user trusts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { splitNote } from '../../../shared/log/note.ts';
import { checkpointDigest, readToken, timestampRequest, tokenFromResponse } from '../../../shared/log/timestamp.ts';
import type { Seals } from '../../../shared/log/api.ts';
import { readLogState, type StoredCheckpoint } from './store.ts';

/** How long an authority may take to answer before the attempt counts as failed. */
export const TSA_TIMEOUT_MS = 10_000;

/** Asks one authority for a token over `checkpoint` and stores it; throws with the reason when it cannot. */
export async function stampCheckpoint(
  db: Db,
  checkpoint: StoredCheckpoint,
  authority: string,
  fetcher: typeof fetch = fetch,
): Promise<{ tsaName: string; genTime: Date }> {
  const digest = checkpointDigest(splitNote(checkpoint.note).text);
  const request = timestampRequest(digest);
  const res = await fetcher(authority, {
    method: 'POST',
    headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
    body: Buffer.from(request.der),
    signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`the authority answered HTTP ${res.status}`);
  const token = tokenFromResponse(new Uint8Array(await res.arrayBuffer()), { digest, nonce: request.nonce });
  const { tsaName, genTime } = readToken(token);
  await db.execute(sql`insert into log_timestamps (size, authority, tsa_name, gen_time, token)
    values (${checkpoint.size}, ${authority}, ${tsaName}, ${genTime.toISOString()}::timestamptz,
            decode(${Buffer.from(token).toString('hex')}, 'hex'))
    on conflict (size, authority) do nothing`);
  return { tsaName, genTime };
}

/** Whether `authority` already stamped the checkpoint of `size`. */
export async function hasTimestamp(db: Db, size: number, authority: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from log_timestamps where size = ${size} and authority = ${authority}`,
  );
  return rows.length > 0;
}

export interface StoredTimestamp {
  authority: string;
  tsaName: string;
  genTime: string;
  token: string;
}

/** The tokens over the checkpoint of `size`, oldest stamp first (token as base64 DER). */
export async function timestampsOf(db: Db, size: number): Promise<StoredTimestamp[]> {
  return queryRows<StoredTimestamp>(
    db,
    sql`select authority, tsa_name as "tsaName",
          to_char(gen_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "genTime",
          encode(token, 'base64') as token
        from log_timestamps where size = ${size} order by gen_time, authority`,
  ).then((rows) => rows.map((r) => ({ ...r, token: r.token.replace(/\n/g, '') })));
}

/**
 * The checkpoint that seals entry `index`: the smallest checkpoint that contains it (size > index)
 * and carries a token — the earliest stamped, since only the newest checkpoint is ever stamped and
 * checkpoints only grow. Null when none does yet.
 */
export async function sealingCheckpointSize(db: Db, index: number): Promise<number | null> {
  const [row] = await queryRows<{ size: string }>(
    db,
    sql`select size::text as size from log_timestamps where size > ${index} order by size limit 1`,
  );
  return row ? Number(row.size) : null;
}

/**
 * The seals of a bettor's bets (their `recorded` entries): the earliest time-stamp over a
 * checkpoint holding each, and how many witnesses cosigned one (for each witness the log asks, the
 * first cosignature of a checkpoint larger than the entry's index: a range scan of the key from it).
 */
export async function sealsOf(db: Db, userId: string, betIds: readonly string[]): Promise<Seals> {
  const rows = await queryRows<{
    bet_id: string;
    index: string | null;
    backfilled: boolean;
    sealed_at: string | null;
    authority: string | null;
    witnesses: number;
  }>(
    db,
    sql`select l.bet_id::text as bet_id, v.index::text as index, coalesce(v.index < s.backfilled, false) as backfilled,
          to_char(t.gen_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sealed_at, t.tsa_name as authority,
          (select count(*)::int from log_witness_sizes w where exists (
            select 1 from log_cosignatures c where c.size > v.index and c.witness = w.witness)) as witnesses
        from bet_ledger l
        cross join log_state s
        left join log_leaves v on v.user_id = l.user_id and v.seq = l.seq
        left join lateral (
          select gen_time, tsa_name from log_timestamps t where t.size > v.index order by t.size, t.gen_time limit 1
        ) t on true
        where l.user_id = ${userId} and l.kind = 'recorded'
          and l.bet_id = any(string_to_array(${betIds.join(',')}, ',')::uuid[])
        order by l.seq`,
  );
  const { createdAt } = await readLogState(db);
  return {
    logCreatedAt: createdAt,
    seals: rows.map((r) => ({
      betId: r.bet_id,
      index: r.index === null ? null : Number(r.index),
      sealedAt: r.sealed_at,
      authority: r.authority,
      witnesses: r.index === null ? 0 : r.witnesses,
      backfilled: r.backfilled,
    })),
  };
}

/**
 * Sends the newest checkpoint to each configured witness (C2SP tlog-witness, add-checkpoint) with
 * the consistency proof from the size that witness last cosigned, and keeps its cosignature
 * (docs/LOG.md, "Witnesses"; decision 043). A 409 tells the size the witness holds: the log takes
 * it and asks again once. A cosignature is stored only after it verifies with the configured key.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { checkCosignature } from '../../../shared/log/checkpoint.ts';
import { splitNote } from '../../../shared/log/note.ts';
import { proveTree } from '../../../shared/log/tlog.ts';
import {
  ADD_CHECKPOINT_PATH,
  addCheckpointBody,
  parseSizeBody,
  SIZE_CONTENT_TYPE,
  type WitnessConfig,
} from '../../../shared/log/witness-protocol.ts';
import { dbHashReader, type StoredCheckpoint } from './store.ts';

export const WITNESS_TIMEOUT_MS = 10_000;

async function witnessSize(db: Db, witness: string): Promise<number> {
  const [row] = await queryRows<{ size: string }>(
    db,
    sql`select size::text as size from log_witness_sizes where witness = ${witness}`,
  );
  return row ? Number(row.size) : 0;
}

/** Records the size a witness holds; never moves it back (a stale answer arriving late). */
async function setWitnessSize(db: Db, witness: string, size: number): Promise<void> {
  await db.execute(sql`insert into log_witness_sizes (witness, size) values (${witness}, ${size})
    on conflict (witness) do update set size = greatest(log_witness_sizes.size, excluded.size)`);
}

export async function hasCosignature(db: Db, size: number, witness: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from log_cosignatures where size = ${size} and witness = ${witness}`,
  );
  return rows.length > 0;
}

/** Asks `witness` to cosign `checkpoint` and stores its cosignature; throws with the reason when it cannot. */
export async function witnessCheckpoint(
  db: Db,
  checkpoint: StoredCheckpoint,
  witness: WitnessConfig,
  fetcher: typeof fetch = fetch,
): Promise<{ cosignedAt: Date }> {
  const name = witness.verifier.name;
  // The stored note carries the log's signature only: cosignatures are kept beside it.
  const { text } = splitNote(checkpoint.note);

  let oldSize = await witnessSize(db, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (oldSize > checkpoint.size) {
      throw new Error(`${name} holds a checkpoint of ${oldSize} entries, more than this log's ${checkpoint.size}`);
    }
    const proof = oldSize > 0 ? await proveTree(checkpoint.size, oldSize, dbHashReader(db)) : [];
    const res = await fetcher(`${witness.url}${ADD_CHECKPOINT_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: addCheckpointBody(oldSize, proof, checkpoint.note),
      signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
    });
    const body = await res.text();
    if (res.status === 409 && res.headers.get('content-type') === SIZE_CONTENT_TYPE) {
      const size = parseSizeBody(body);
      if (size === null) throw new Error(`${name} answered 409 with a malformed size`);
      await setWitnessSize(db, name, size);
      oldSize = size;
      continue;
    }
    if (res.status !== 200) throw new Error(`${name} answered HTTP ${res.status}: ${body.trim().slice(0, 200)}`);
    // The answer is signature lines: read them as the signatures of the checkpoint they cosign.
    const { signatures: lines } = splitNote(`${text}\n${body}`);
    const cosigned = checkCosignature(text, lines, witness.verifier);
    if (!cosigned) throw new Error(`${name} answered no cosignature by its key`);
    const line = lines.find((s) => s.name === name && s.id === witness.verifier.id)!.line;
    const cosignedAt = new Date(cosigned.timestamp * 1000);
    await db.execute(sql`insert into log_cosignatures (size, witness, line, cosigned_at)
      values (${checkpoint.size}, ${name}, ${line}, ${cosignedAt.toISOString()}::timestamptz)
      on conflict (size, witness) do nothing`);
    await setWitnessSize(db, name, checkpoint.size);
    return { cosignedAt };
  }
  throw new Error(`${name} answered 409 twice`);
}

/** The stored cosignature lines over the checkpoint of `size`. */
export async function cosignaturesOf(db: Db, size: number): Promise<string[]> {
  const rows = await queryRows<{ line: string }>(
    db,
    sql`select line from log_cosignatures where size = ${size} order by witness`,
  );
  return rows.map((r) => r.line);
}

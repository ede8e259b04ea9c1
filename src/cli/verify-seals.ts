/**
 * `betproof verify --tsa-roots <pem>`: each recorded bet's seal (docs/LOG.md, "Time-stamps"). For
 * a bet's entry, the log names the smallest time-stamped checkpoint that holds it
 * (`/api/log/timestamps?index=`); the verifier opens that checkpoint with the pinned log key,
 * checks the entry's inclusion in it and its consistency with the checkpoint just checked, and
 * each RFC 3161 token over it: the token stamps SHA-256 of that checkpoint's text, its signature
 * verifies, and its certificate chains to a root the user gave. The token's time is then a time
 * the entry provably existed, whatever betproof's clock says.
 *
 * A token from an authority whose root was not given is skipped (said so); any other failing token
 * fails the check; an entry no token covers yet is reported, not failed.
 */
import { readFile } from 'node:fs/promises';
import { openCheckpoint, type OpenedCheckpoint } from '../shared/log/checkpoint.ts';
import { NoteError, type Verifier } from '../shared/log/note.ts';
import { certificatesFromPem, TimestampError, verifyToken } from '../shared/log/timestamp.ts';
import { checkRecord, checkTree, ProofError, recordHash } from '../shared/log/tlog.ts';
import type { LedgerEntry } from '../shared/ledger.ts';
import { formatDuration } from '../shared/time-units.ts';
import { getJson, hexProof, LogMismatch, LogUnusable, type Fetch } from './log-http.ts';

export interface Seal {
  time: Date;
  authority: string;
  /** The checkpoint the token stamps. */
  size: number;
  /** Tokens skipped: their authority's root was not given. */
  skipped: number;
}

interface TimestampsAnswer {
  size?: unknown;
  checkpoint?: unknown;
  timestamps?: { name?: unknown; token?: unknown }[];
  error?: string;
}

/** The seals of the recorded entries that have one, by entry position. */
export async function checkSeals(
  base: string,
  lines: readonly string[],
  entries: readonly LedgerEntry[],
  indexes: readonly (number | null)[],
  current: OpenedCheckpoint,
  logKey: Verifier,
  rootsFile: string,
  fetchImpl: Fetch,
): Promise<Map<number, Seal>> {
  let roots: Uint8Array[];
  try {
    roots = certificatesFromPem(await readFile(rootsFile, 'utf8'));
  } catch (err) {
    throw new LogUnusable(`cannot read ${rootsFile}: ${(err as Error).message}`);
  }
  if (!roots.length) throw new LogUnusable(`${rootsFile} holds no PEM certificate`);

  // One stamped checkpoint seals many entries: each is opened and its tokens checked once.
  const checked = new Map<number, Promise<{ checkpoint: OpenedCheckpoint; seal: Omit<Seal, 'size'> } | null>>();
  const stamped = (size: number, answer: TimestampsAnswer) => {
    let known = checked.get(size);
    if (!known) {
      known = checkStamped(base, answer, current, logKey, roots, fetchImpl);
      checked.set(size, known);
    }
    return known;
  };

  const seals = new Map<number, Seal>();
  const encoder = new TextEncoder();
  for (const [i, entry] of entries.entries()) {
    const index = indexes[i];
    if (entry.kind !== 'recorded' || index === null || index === undefined) continue;
    const { status, body } = await getJson<TimestampsAnswer>(fetchImpl, `${base}/api/log/timestamps?index=${index}`);
    if (status === 404) continue;
    if (status !== 200 || typeof body.size !== 'number') {
      throw new LogUnusable(`the log answered ${status} for the time-stamps of entry ${i + 1}`);
    }
    if (body.size <= index) throw new LogMismatch(`the checkpoint said to seal entry ${i + 1} does not contain it`);
    const result = await stamped(body.size, body);
    if (!result) continue;
    // The entry is in the stamped checkpoint.
    const leaf = recordHash(encoder.encode(lines[i]!));
    const inclusion = await getJson<{ index?: unknown; proof?: unknown }>(
      fetchImpl,
      `${base}/api/log/inclusion?leaf=${Buffer.from(leaf).toString('hex')}&size=${body.size}`,
    );
    if (inclusion.status !== 200 || inclusion.body.index !== index) {
      throw new LogMismatch(`entry ${i + 1} is not proven in the time-stamped checkpoint of ${body.size} entries`);
    }
    try {
      checkRecord(hexProof(inclusion.body.proof, `entry ${i + 1}`), body.size, result.checkpoint.root, index, leaf);
    } catch (err) {
      if (err instanceof ProofError) {
        throw new LogMismatch(`entry ${i + 1} is not in the time-stamped checkpoint of ${body.size}: ${err.message}`);
      }
      throw err;
    }
    seals.set(i, { ...result.seal, size: body.size });
  }
  return seals;
}

/** Opens a stamped checkpoint, proves it a prefix of the current one, and checks its tokens. */
async function checkStamped(
  base: string,
  answer: TimestampsAnswer,
  current: OpenedCheckpoint,
  logKey: Verifier,
  roots: readonly Uint8Array[],
  fetchImpl: Fetch,
): Promise<{ checkpoint: OpenedCheckpoint; seal: Omit<Seal, 'size'> } | null> {
  let checkpoint: OpenedCheckpoint;
  try {
    checkpoint = openCheckpoint(String(answer.checkpoint), logKey);
  } catch (err) {
    if (err instanceof NoteError) throw new LogMismatch(`a time-stamped checkpoint does not verify: ${err.message}`);
    throw err;
  }
  if (checkpoint.size !== answer.size || checkpoint.size > current.size) {
    throw new LogMismatch(`the time-stamped checkpoint of ${checkpoint.size} entries is not one of this log's`);
  }
  if (checkpoint.size < current.size) {
    const { status, body } = await getJson<{ proof?: unknown }>(
      fetchImpl,
      `${base}/api/log/consistency?from=${checkpoint.size}&to=${current.size}`,
    );
    try {
      if (status !== 200) throw new ProofError(`no consistency proof (${status})`);
      checkTree(hexProof(body.proof, 'consistency'), current.size, current.root, checkpoint.size, checkpoint.root);
    } catch (err) {
      if (err instanceof ProofError) {
        throw new LogMismatch(`the time-stamped checkpoint of ${checkpoint.size} entries is not a prefix of the log`);
      }
      throw err;
    }
  } else if (Buffer.compare(checkpoint.root, current.root) !== 0) {
    throw new LogMismatch(`the time-stamped checkpoint of ${checkpoint.size} entries has another root`);
  }

  let best: Omit<Seal, 'size'> | null = null;
  let skipped = 0;
  for (const stamp of answer.timestamps ?? []) {
    if (typeof stamp.token !== 'string') throw new LogMismatch('a time-stamp token is not base64');
    try {
      const info = await verifyToken(new Uint8Array(Buffer.from(stamp.token, 'base64')), checkpoint.text, roots);
      if (!best || info.genTime < best.time) best = { time: info.genTime, authority: info.tsaName, skipped: 0 };
    } catch (err) {
      if (!(err instanceof TimestampError)) throw err;
      if (err.untrusted) skipped++;
      else throw new LogMismatch(`a time-stamp over the checkpoint of ${checkpoint.size} entries: ${err.message}`);
    }
  }
  if (!best) {
    if (skipped) return { checkpoint, seal: { time: new Date(NaN), authority: '', skipped } };
    return null;
  }
  return { checkpoint, seal: { ...best, skipped } };
}

/** "sealed … by …, 5 h 58 min before the event starts" (or after: said plainly). */
export function describeSeal(seal: Seal, eventStart: string): string {
  if (Number.isNaN(seal.time.getTime())) {
    return `time-stamped by ${seal.skipped} authority(ies) whose root you did not give: not checked`;
  }
  const lead = Date.parse(eventStart) - seal.time.getTime();
  const when =
    lead >= 0 ? `${formatDuration(lead)} before the event starts` : `${formatDuration(-lead)} AFTER the event started`;
  const skipped = seal.skipped ? ` (${seal.skipped} token(s) from authorities not in your roots skipped)` : '';
  return `sealed ${seal.time.toISOString()} by ${seal.authority} (checkpoint of ${seal.size} entries), ${when}${skipped}`;
}

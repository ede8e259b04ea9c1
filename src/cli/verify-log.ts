/**
 * The transparency-log half of `betproof verify` (docs/LOG.md): with `--log-key`, the command
 * also fetches the log's signed checkpoint, opens it with the pinned key, checks that every entry
 * of the chain is in it (an inclusion proof per entry), that it extends a checkpoint saved earlier
 * (`--since-checkpoint`), that enough witnesses cosigned it (`--witness`, `--witnesses-needed`),
 * and prints each bet's place in the log against its event's start.
 *
 * Kept apart from verify.ts (the chain's checks): verify.ts hands its options here and calls
 * `verifyLog` once the chain verifies.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { checkCosignature, openCheckpoint, type OpenedCheckpoint } from '../shared/log/checkpoint.ts';
import { ALG_COSIGNATURE_V1, ALG_ED25519, NoteError, parseVerifierKey, type Verifier } from '../shared/log/note.ts';
import { checkRecord, checkTree, ProofError, recordHash, toHex } from '../shared/log/tlog.ts';
import type { LedgerEntry } from '../shared/ledger.ts';
import { checkSeals, describeSeal } from './verify-seals.ts';
import { get, getJson, hexProof, LogMismatch, LogUnusable, type Fetch } from './log-http.ts';

export interface LogOptions {
  logKey?: string;
  /** Where the log is, when the ledger was given as a file: the site's origin. */
  logUrl?: string;
  sinceCheckpoint?: string;
  saveCheckpoint?: string;
  witnesses: string[];
  witnessesNeeded?: number;
  /** A PEM file of the time-stamp authorities' root certificates the user trusts. */
  tsaRoots?: string;
}

export const LOG_USAGE = `Transparency log (docs/LOG.md):
  --log-key KEY          the log's verifier key (<origin>+<key ID>+<key>, from the README or
                         GET /api/log/key, pinned): checks the signed checkpoint and that every
                         entry of the chain is in it
  --log-url URL          the site, when the ledger is a file (https://host)
  --since-checkpoint F   a checkpoint saved earlier: checks the log only grew since
  --save-checkpoint F    saves the checkpoint checked now, for the next --since-checkpoint
  --witness KEY          a witness's cosignature verifier key (repeat for several)
  --witnesses-needed K   how many of those must have cosigned the checkpoint (default: all)
  --tsa-roots F          a PEM file of the time-stamp authorities' root certificates you trust:
                         checks each bet's RFC 3161 seal and prints its proven time`;

const VALUE_OPTIONS = [
  '--log-key',
  '--log-url',
  '--since-checkpoint',
  '--save-checkpoint',
  '--witness',
  '--witnesses-needed',
  '--tsa-roots',
];

/**
 * Takes the log option at args[i] into `opts`: answers the next index, an error, or null when
 * args[i] is not a log option.
 */
export function takeLogOption(
  args: readonly string[],
  i: number,
  opts: LogOptions,
): { next: number } | { error: string } | null {
  const arg = args[i]!;
  const name = VALUE_OPTIONS.find((o) => arg === o || arg.startsWith(`${o}=`));
  if (!name) return null;
  const inline = arg !== name;
  const value = inline ? arg.slice(name.length + 1) : args[i + 1];
  if (value === undefined || value === '') return { error: `${name} needs a value` };
  const next = inline ? i + 1 : i + 2;
  try {
    switch (name) {
      case '--log-key':
        if (parseVerifierKey(value).alg !== ALG_ED25519) return { error: '--log-key: not a log (Ed25519 note) key' };
        opts.logKey = value;
        break;
      case '--log-url':
        if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return { error: '--log-url must be an http(s) URL' };
        opts.logUrl = value;
        break;
      case '--since-checkpoint':
        opts.sinceCheckpoint = value;
        break;
      case '--save-checkpoint':
        opts.saveCheckpoint = value;
        break;
      case '--witness':
        if (parseVerifierKey(value).alg !== ALG_COSIGNATURE_V1) {
          return { error: `--witness: ${value} is not a witness's cosignature (v1) key` };
        }
        opts.witnesses.push(value);
        break;
      case '--tsa-roots':
        opts.tsaRoots = value;
        break;
      case '--witnesses-needed':
        if (!/^[1-9][0-9]{0,2}$/.test(value))
          return { error: '--witnesses-needed must be a whole number of 1 or more' };
        opts.witnessesNeeded = Number(value);
        break;
    }
  } catch (err) {
    return { error: `${name}: ${(err as Error).message}` };
  }
  return { next };
}

/** An error for options that do not go together; null when they do. */
export function checkLogOptions(opts: LogOptions, source: string): string | null {
  const any =
    opts.logUrl ||
    opts.sinceCheckpoint ||
    opts.saveCheckpoint ||
    opts.witnesses.length ||
    opts.witnessesNeeded ||
    opts.tsaRoots;
  if (any && !opts.logKey) return 'the log options need --log-key (the log key to check against)';
  if (opts.witnessesNeeded !== undefined && opts.witnessesNeeded > opts.witnesses.length) {
    return `--witnesses-needed ${opts.witnessesNeeded} but only ${opts.witnesses.length} --witness key(s) given`;
  }
  if (opts.logKey && !opts.logUrl && !/^https?:\/\//i.test(source)) {
    return 'the log checks need the profile URL, or --log-url https://host with a ledger file';
  }
  return null;
}

export const hasLogChecks = (opts: LogOptions): boolean => opts.logKey !== undefined;

/** The site's base URL (origin and any path prefix) from the profile URL or --log-url. */
export function logBase(source: string, ledgerUrl: URL | null, opts: LogOptions): string {
  if (opts.logUrl) return opts.logUrl.replace(/\/+$/, '');
  const url = ledgerUrl ?? new URL(source);
  const at = url.pathname.indexOf('/api/profiles/');
  return `${url.origin}${at >= 0 ? url.pathname.slice(0, at) : ''}`;
}

export { LogMismatch, LogUnusable };

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

export interface LogReport {
  checkpoint: OpenedCheckpoint;
  /** Each entry's log index, or null for entries after the checkpoint (appended since). */
  indexes: (number | null)[];
  lines: string[];
}

/**
 * Runs the log checks on a chain that verified: `lines` are its NDJSON lines (without newlines),
 * `entries` the same parsed. Answers what to print; throws LogMismatch (exit 1) or LogUnusable (2).
 */
export async function verifyLog(
  base: string,
  lines: readonly string[],
  entries: readonly LedgerEntry[],
  opts: LogOptions,
  fetchImpl: Fetch = fetch,
): Promise<LogReport> {
  const logKey = parseVerifierKey(opts.logKey!);
  const res = await get(fetchImpl, `${base}/log/checkpoint`);
  if (res.status !== 200) throw new LogUnusable(`${base}/log/checkpoint answered ${res.status}`);
  const note = await res.text();
  let checkpoint: OpenedCheckpoint;
  try {
    checkpoint = openCheckpoint(note, logKey);
  } catch (err) {
    if (err instanceof NoteError)
      throw new LogMismatch(`the log's checkpoint does not verify with the pinned key: ${err.message}`);
    throw err;
  }
  const out: string[] = [
    `log: checkpoint of ${checkpoint.size} entries signed by ${logKey.name}, root ${toHex(checkpoint.root)}`,
  ];

  // Consistency with a checkpoint saved earlier: the log only grew.
  if (opts.sinceCheckpoint) {
    let savedNote: string;
    try {
      savedNote = await readFile(opts.sinceCheckpoint, 'utf8');
    } catch (err) {
      throw new LogUnusable(`cannot read ${opts.sinceCheckpoint}: ${(err as Error).message}`);
    }
    let saved: OpenedCheckpoint;
    try {
      saved = openCheckpoint(savedNote, logKey);
    } catch (err) {
      throw new LogMismatch(
        `the saved checkpoint ${opts.sinceCheckpoint} does not verify with the pinned key: ${(err as Error).message}`,
      );
    }
    if (saved.size > checkpoint.size) {
      throw new LogMismatch(
        `the log shows ${checkpoint.size} entries, fewer than the ${saved.size} of the checkpoint you saved: it was rolled back or forked`,
      );
    }
    const { status, body } = await getJson<{ proof?: unknown; error?: string }>(
      fetchImpl,
      `${base}/api/log/consistency?from=${saved.size}&to=${checkpoint.size}`,
    );
    if (status !== 200)
      throw new LogMismatch(
        `the log gives no consistency proof from ${saved.size} to ${checkpoint.size} (${status}: ${body.error ?? ''})`,
      );
    try {
      checkTree(hexProof(body.proof, 'consistency'), checkpoint.size, checkpoint.root, saved.size, saved.root);
    } catch (err) {
      if (err instanceof ProofError) {
        throw new LogMismatch(
          `the log is not an extension of the checkpoint you saved (${saved.size} entries, root ${toHex(saved.root)}): it was rewritten or forked`,
        );
      }
      throw err;
    }
    out.push(
      `log: consistent with the saved checkpoint of ${saved.size} entries; ${checkpoint.size - saved.size} appended since`,
    );
  }

  // Witnesses: k of the given keys must have cosigned this checkpoint.
  if (opts.witnesses.length) {
    const needed = opts.witnessesNeeded ?? opts.witnesses.length;
    const cosigned: string[] = [];
    for (const key of opts.witnesses) {
      const witness: Verifier = parseVerifierKey(key);
      try {
        const found = checkCosignature(checkpoint.text, checkpoint.signatures, witness);
        if (found) cosigned.push(`${witness.name} at ${new Date(found.timestamp * 1000).toISOString()}`);
      } catch (err) {
        throw new LogMismatch(`a witness cosignature does not verify: ${(err as Error).message}`);
      }
    }
    if (cosigned.length < needed) {
      throw new LogMismatch(
        `only ${cosigned.length} of the ${needed} witness cosignatures needed are on the checkpoint`,
      );
    }
    out.push(`log: cosigned by ${cosigned.length} of ${opts.witnesses.length} witnesses (${cosigned.join('; ')})`);
  }

  // Every entry in the log: an inclusion proof each. The last entries may be newer than the
  // checkpoint (sequenced within seconds); an entry missing before an included one is a failure.
  const encoder = new TextEncoder();
  const indexes = await mapLimit(lines, 8, async (line, i): Promise<number | null> => {
    const leaf = recordHash(encoder.encode(line));
    const { status, body } = await getJson<{ index?: unknown; proof?: unknown; error?: string }>(
      fetchImpl,
      `${base}/api/log/inclusion?leaf=${toHex(leaf)}&size=${checkpoint.size}`,
    );
    if (status === 404) return null;
    if (status !== 200 || typeof body.index !== 'number') {
      throw new LogUnusable(`the log answered ${status} for entry ${i + 1}'s inclusion proof`);
    }
    try {
      checkRecord(hexProof(body.proof, `entry ${i + 1}`), checkpoint.size, checkpoint.root, body.index, leaf);
    } catch (err) {
      if (err instanceof ProofError) throw new LogMismatch(`entry ${i + 1} (seq ${entries[i]!.seq}): ${err.message}`);
      throw err;
    }
    return body.index;
  });
  const firstMissing = indexes.indexOf(null);
  if (firstMissing >= 0 && indexes.slice(firstMissing).some((x) => x !== null)) {
    throw new LogMismatch(
      `entry ${firstMissing + 1} (seq ${entries[firstMissing]!.seq}) is not in the log, though later entries are`,
    );
  }
  const included = firstMissing < 0 ? indexes.length : firstMissing;
  out.push(
    `log: ${included} of ${indexes.length} entries proven included` +
      (included < indexes.length
        ? `; the last ${indexes.length - included} are newer than the checkpoint (check again in a minute)`
        : ''),
  );
  const seals = opts.tsaRoots
    ? await checkSeals(base, lines, entries, indexes, checkpoint, logKey, opts.tsaRoots, fetchImpl)
    : null;
  for (const [i, entry] of entries.entries()) {
    if (entry.kind !== 'recorded') continue;
    const where = indexes[i] === null ? 'not yet in a checkpoint' : `in the log at index ${indexes[i]}`;
    out.push(`  bet ${entry.bet.id}: recorded ${entry.at}, event starts ${entry.bet.eventStart}; ${where}`);
    const seal = seals?.get(i);
    if (seals) out.push(`    ${seal ? describeSeal(seal, entry.bet.eventStart) : 'not yet time-stamped'}`);
  }

  if (opts.saveCheckpoint) {
    try {
      await writeFile(opts.saveCheckpoint, note);
    } catch (err) {
      throw new LogUnusable(`cannot write ${opts.saveCheckpoint}: ${(err as Error).message}`);
    }
    out.push(`log: checkpoint saved to ${opts.saveCheckpoint}`);
  }
  return { checkpoint, indexes, lines: out };
}

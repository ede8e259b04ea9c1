/**
 * The public ledger's format (docs/LEDGER.md) and its verification, shared by the server's tests,
 * the profile page and the `betproof verify` command. Pure: no I/O, no Node-only modules (the hash
 * is passed in, so the browser could verify with SubtleCrypto and Node with node:crypto).
 */
import { z } from 'zod';

export const LEDGER_KINDS = ['recorded', 'settled', 'deleted'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** The first entry's prevHash. */
export const GENESIS_HASH = '0'.repeat(64);
export const LEDGER_PAGE_DEFAULT = 100;
export const LEDGER_PAGE_MAX = 1000;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const cents = z.number().int().safe();

export const ledgerEntrySchema = z.strictObject({
  seq: z.number().int().min(1),
  at: iso,
  kind: z.enum(LEDGER_KINDS),
  bet: z.strictObject({
    id: z.string(),
    description: z.string(),
    sport: z.string(),
    /** In cents. */
    stake: cents,
    /** As the bettor typed them. */
    odds: z.string(),
    eventStart: iso,
    status: z.enum(['pending', 'won', 'lost']),
    /** In cents; null while pending. */
    profit: cents.nullable(),
  }),
  prevHash: hex64,
  hash: hex64,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerHeadSchema = z.object({ seq: z.number().int().min(0), hash: hex64 });
export type LedgerHead = z.infer<typeof ledgerHeadSchema>;

export const ledgerPageSchema = z.object({
  username: z.string(),
  /** The newest entry's seq and hash (seq 0 and the genesis hash before the first). */
  head: ledgerHeadSchema,
  entries: z.array(ledgerEntrySchema),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const ledgerQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'after must be a whole number of 0 or more' })
    .int('after must be a whole number of 0 or more')
    .min(0, 'after must be a whole number of 0 or more')
    .max(2 ** 31 - 1, 'after must be a whole number of 0 or more')
    .default(0),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .max(LEDGER_PAGE_MAX, `limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}`)
    .default(LEDGER_PAGE_DEFAULT),
});

/**
 * RFC 8785 (JSON Canonicalization Scheme) for JSON values without non-integer numbers, which is
 * all the ledger holds: object keys sorted by UTF-16 code units, no whitespace, strings as
 * JSON.stringify writes them, integers in plain decimal.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  throw new Error(`canonicalJson: cannot encode ${typeof value}`);
}

/** A SHA-256 of UTF-8 text as lowercase hex: node:crypto's or the browser's, given by the caller. */
export type Sha256Hex = (text: string) => string;

/** The text an entry's hash is computed over: prevHash, then the entry without `hash` in JCS. */
export function hashedText(entry: Omit<LedgerEntry, 'hash'> & { hash?: string }): string {
  const { hash: _hash, ...rest } = entry;
  return entry.prevHash + canonicalJson(rest);
}

export type ChainCheck =
  | { ok: true; head: LedgerHead; count: number }
  | { ok: false; seq: number | null; problem: string };

/**
 * Checks a run of entries: each entry's hash recomputed, seq continuous from `from.seq + 1`, each
 * prevHash the hash before it. `from` is where the run starts (the genesis by default, or a head a
 * follower saved earlier, whose own entry must then be first in `entries` so its hash is checked).
 */
export function verifyChain(entries: readonly unknown[], sha256: Sha256Hex, opts: { since?: LedgerHead } = {}): ChainCheck {
  let head: LedgerHead = { seq: 0, hash: GENESIS_HASH };
  let count = 0;
  const since = opts.since;
  for (const [i, raw] of entries.entries()) {
    const parsed = ledgerEntrySchema.safeParse(raw);
    const seqOf = (raw as { seq?: unknown } | null)?.seq;
    const where = typeof seqOf === 'number' ? seqOf : null;
    if (!parsed.success) {
      return { ok: false, seq: where, problem: `entry ${i + 1} is not a ledger entry: ${parsed.error.issues[0]?.message}` };
    }
    const entry = parsed.data;
    if (entry.seq !== head.seq + 1) {
      return { ok: false, seq: entry.seq, problem: `expected seq ${head.seq + 1}, found ${entry.seq} (a gap or a fork)` };
    }
    if (entry.prevHash !== head.hash) {
      return { ok: false, seq: entry.seq, problem: `prevHash does not match the hash of entry ${head.seq}` };
    }
    const computed = sha256(hashedText(entry));
    if (computed !== entry.hash) {
      return { ok: false, seq: entry.seq, problem: `hash mismatch: computed ${computed}, entry says ${entry.hash}` };
    }
    head = { seq: entry.seq, hash: entry.hash };
    count += 1;
  }
  if (since) {
    if (since.seq > head.seq) {
      return { ok: false, seq: since.seq, problem: `the saved head ${since.seq} is beyond this chain's head ${head.seq}` };
    }
    const saved = since.seq === 0 ? { seq: 0, hash: GENESIS_HASH } : null;
    const match = saved ?? (entries as LedgerEntry[]).find((e) => e.seq === since.seq);
    if (!match || match.hash !== since.hash) {
      return {
        ok: false,
        seq: since.seq,
        problem: `entry ${since.seq} no longer has the saved hash: the history was rewritten, not only appended to`,
      };
    }
  }
  return { ok: true, head, count };
}

/**
 * The public ledger's format (docs/LEDGER.md) and its verification, shared by the server's tests,
 * the profile page and the `betproof verify` command. Pure: no I/O, no Node-only modules (the hash
 * is passed in, so the browser could verify with SubtleCrypto and Node with node:crypto).
 *
 * The entries are written by the database (src/server/db/functions/bet_ledger_append.sql); this module is
 * the reader's side of the same rules, and the one implementation every verifier here uses.
 */
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { pageLimitParam, wholeNumberParam } from './paging.ts';
import { BET_SPORTS, SPORTS } from './bets.ts';
import { MARKETS, SELECTIONS } from './events.ts';

/** `leg-settled`: one leg of a parlay settled (migration 0021), the leg under `leg`. */
export const LEDGER_KINDS = ['recorded', 'settled', 'deleted', 'leg-settled'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** The first entry's prevHash. */
export const GENESIS_HASH = '0'.repeat(64);
export const LEDGER_PAGE_DEFAULT = 100;
export const LEDGER_PAGE_MAX = 1000;

/** A UTF-16 surrogate that is not half of a pair (in `u` mode a pair is one code point, never Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');
const iso = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'must be an ISO 8601 UTC time with milliseconds');
const cents = z.number().int().safe();
/** Text as the database stores it: well-formed Unicode (RFC 8785 refuses a lone surrogate). */
const text = z.string().refine((s) => !LONE_SURROGATE.test(s), 'must not contain an unpaired surrogate');

const status = z.enum(['pending', 'won', 'lost', 'void']);
/** The database's ids (bets, legs, events): UUIDs in their lowercase canonical text. */
const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a lowercase UUID');
/**
 * Entries the server wrote for history it did not see happen (docs/LEDGER.md): `seed`, the
 * sample-data seeder's back-dated bets; `backfill`, chains rebuilt from bets that predate the
 * ledger. Absent from every entry written as the bet was recorded, settled or deleted.
 */
export const LEDGER_ORIGINS = ['seed', 'backfill'] as const;

/**
 * A graded bet's or leg's pick (migration 0027, bet_ledger_event_json): the listed event, the
 * market, the selection and (spread, total) the line. Absent from a self-reported one, whose entry
 * is exactly what it was before the catalog.
 */
const ledgerEventSchema = z.strictObject({
  id: uuid,
  market: z.enum(MARKETS),
  selection: z.enum(SELECTIONS),
  /** A whole or half number. */
  line: z
    .number()
    .refine((n) => Number.isInteger(n * 2), 'must be a whole or half number')
    .optional(),
});

/** A parlay's leg (src/server/db/functions/bet_ledger_leg_json.sql). */
const ledgerLegSchema = z.strictObject({
  id: uuid,
  event: ledgerEventSchema.optional(),
  description: text,
  sport: z.enum(SPORTS),
  odds: text,
  eventStart: iso,
  status,
});

export const ledgerEntrySchema = z
  .strictObject({
    seq: z.number().int().min(1).safe(),
    at: iso,
    kind: z.enum(LEDGER_KINDS),
    bet: z.strictObject({
      id: uuid,
      /** A single bet on a listed event: graded from its result; absent, self-reported. Never on a parlay, which is graded when every leg carries one. */
      event: ledgerEventSchema.optional(),
      description: text,
      /** `parlay` for a parlay, whose legs have their own. */
      sport: z.enum(BET_SPORTS),
      /** In cents. */
      stake: cents,
      /** As the bettor typed them, without surrounding spaces; a parlay's, the legs' product. */
      odds: text,
      eventStart: iso,
      /** pending in recorded and deleted entries; the result (won, lost or void) in settled ones. */
      status,
      /** In cents; null while pending, 0 for a void bet (its stake came back). */
      profit: cents.nullable(),
      /**
       * A parlay's legs in order (absent for a single bet, and in a parlay's deleted entry): all
       * pending in its recorded entry, as they then stand in the others.
       */
      legs: z.array(ledgerLegSchema).min(2).max(15).optional(),
    }),
    /** The leg a leg-settled entry settles (only there). */
    leg: ledgerLegSchema.optional(),
    /** Only on an entry the server wrote for history it did not see happen (LEDGER_ORIGINS). */
    origin: z.enum(LEDGER_ORIGINS).optional(),
    prevHash: hex64,
    hash: hex64,
  })
  .refine((entry) => (entry.kind === 'leg-settled') === (entry.leg !== undefined), {
    message: 'a leg-settled entry, and only such an entry, names its leg',
    path: ['leg'],
  });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerHeadSchema = z.object({ seq: z.number().int().min(0), hash: hex64 });
export type LedgerHead = z.infer<typeof ledgerHeadSchema>;

export const ledgerPageSchema = z.object({
  username: z.string(),
  /** The newest entry's seq and hash (seq 0 and the genesis hash before the first). */
  head: ledgerHeadSchema,
  entries: z.array(ledgerEntrySchema),
  /**
   * Beside each entry (same position), its index in the transparency log (docs/LOG.md), or null
   * while it waits for the log's sequencer (a few seconds). Not part of the hashed entry.
   */
  logIndexes: z.array(z.number().int().min(0).nullable()),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** The ledger page's 409: `after` (a saved head's seq) is beyond the chain's head. */
export const chainShorterMessage = (headSeq: number) =>
  `The chain is shorter than your saved head: it ends at entry ${headSeq}`;

export const ledgerQuerySchema = z.object({
  after: wholeNumberParam('after must be a whole number of 0 or more', 0, 2 ** 31 - 1).default(0),
  limit: pageLimitParam(LEDGER_PAGE_MAX, LEDGER_PAGE_DEFAULT, 'limit'),
});

/**
 * RFC 8785 (JSON Canonicalization Scheme), by the `canonicalize` package of the RFC's authors:
 * object keys sorted by their UTF-16 code units, no whitespace, strings as JSON.stringify writes
 * them, numbers as ECMAScript writes them. It throws on what JCS refuses (NaN, Infinity, unpaired
 * surrogates); a value with no JSON form at all (undefined, a function) throws here. The bytes
 * must equal the database's bet_ledger_event_json: ledger.test.ts and the ledger's API tests
 * compare them.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error(`canonicalJson: cannot encode ${typeof value}`);
  return text;
}

/** A SHA-256 of UTF-8 text as lowercase hex: node:crypto's or the browser's, given by the caller. */
export type Sha256Hex = (text: string) => string;

/** The text an entry's hash is computed over: prevHash, then the entry without `hash` in JCS. */
export function hashedText(entry: Omit<LedgerEntry, 'hash'> & { hash?: string }): string {
  const { hash: _hash, ...rest } = entry;
  return entry.prevHash + canonicalJson(rest);
}

/**
 * An entry as the API and the NDJSON download serialize it: the canonical JSON that was hashed,
 * with `,"hash":"…"` added before its closing brace (so `hash` comes last, out of key order).
 */
export function ledgerLine(entry: LedgerEntry): string {
  const { hash, ...rest } = entry;
  return `${canonicalJson(rest).slice(0, -1)},"hash":"${hash}"}`;
}

export type LineParse = { ok: true; entry: LedgerEntry } | { ok: false; problem: string };

/**
 * One NDJSON line (without its newline) as an entry: JSON, the entry's shape, and byte for byte
 * `ledgerLine` of what it parses to, so no byte of the line can change unnoticed (a changed hex
 * digit's case in a \u00xx escape, say, would parse to the same value).
 */
export function parseLedgerLine(line: string): LineParse {
  if (line === '') return { ok: false, problem: 'the line is empty' };
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (err) {
    return { ok: false, problem: `the line is not JSON (${(err as Error).message})` };
  }
  const parsed = ledgerEntrySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: `not a ledger entry: ${issueText(parsed.error.issues[0])}` };
  if (ledgerLine(parsed.data) !== line) {
    return {
      ok: false,
      problem: 'the line is not in canonical form (its bytes differ from the canonical JSON of its own values)',
    };
  }
  return { ok: true, entry: parsed.data };
}

const issueText = (issue: z.core.$ZodIssue | undefined) =>
  issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'invalid';

export type ChainCheck =
  | { ok: true; head: LedgerHead; count: number }
  /** `seq`: the position in the chain where it went wrong (the entry that should have had that seq). */
  | { ok: false; seq: number; problem: string };

type Failure = Extract<ChainCheck, { ok: false }>;

/**
 * Checks a run of entries, oldest first: each one's shape, seq continuous, prevHash the hash
 * before it, and its hash recomputed. Without `since` the run must be the whole chain (seq 1 on,
 * from the genesis hash; no entries is the empty chain).
 *
 * `since` is a head {seq, hash} a follower saved earlier. The run is then either the whole chain,
 * whose entry `since.seq` must still have `since.hash`, or only what came after the saved head
 * (starting at `since.seq + 1`, the first entry's prevHash being `since.hash`). Either way a pass
 * proves the chain that ends at the saved head was only appended to since.
 */
export function verifyChain(
  entries: readonly unknown[],
  sha256: Sha256Hex,
  opts: { since?: LedgerHead } = {},
): ChainCheck {
  const walk = chainWalk(sha256, opts.since);
  for (const entry of entries) {
    const failure = walk.next(entry);
    if (failure) return failure;
  }
  return walk.end();
}

/** The rules of `verifyChain`, one entry at a time, so a reader of lines reports problems in order. */
function chainWalk(sha256: Sha256Hex, since: LedgerHead | undefined) {
  let head: LedgerHead = { seq: 0, hash: GENESIS_HASH };
  let count = 0;
  /** The run starts right after the saved head rather than at the genesis. */
  let continues = false;
  let savedMatched = false;
  const fail = (seq: number, problem: string): Failure => ({ ok: false, seq, problem });

  return {
    /** Where the next entry belongs in the chain. */
    expected: () => head.seq + 1,
    next(raw: unknown): Failure | null {
      if (count === 0 && since && since.seq > 0 && (raw as { seq?: unknown } | null)?.seq === since.seq + 1) {
        continues = true;
        head = since;
      }
      const expected = head.seq + 1;
      const parsed = ledgerEntrySchema.safeParse(raw);
      if (!parsed.success) return fail(expected, `not a ledger entry: ${issueText(parsed.error.issues[0])}`);
      const entry = parsed.data;
      if (entry.seq !== expected) {
        const what =
          entry.seq < expected
            ? `seq ${entry.seq} appears again (a fork or a repeated entry)`
            : count === 0 && since
              ? `the run starts neither at seq 1 nor right after the saved head ${since.seq}`
              : 'an entry is missing (a gap)';
        return fail(expected, `expected seq ${expected}, found ${entry.seq}: ${what}`);
      }
      if (entry.prevHash !== head.hash) {
        return fail(
          expected,
          continues && count === 0
            ? `prevHash is not the saved head's hash ${head.hash}: the history up to entry ${head.seq} was rewritten`
            : `prevHash does not match the hash of entry ${head.seq} (the chain is broken or forked there)`,
        );
      }
      const computed = sha256(hashedText(entry));
      if (computed !== entry.hash) {
        return fail(expected, `hash mismatch: the entry hashes to ${computed}, but its hash field says ${entry.hash}`);
      }
      if (since && entry.seq === since.seq) savedMatched = entry.hash === since.hash;
      head = { seq: entry.seq, hash: entry.hash };
      count += 1;
      return null;
    },
    end(): ChainCheck {
      if (since && !continues) {
        if (since.seq > head.seq) {
          return fail(
            since.seq,
            `the chain is shorter than your saved head: it ends at entry ${head.seq}, your head is entry ${since.seq} (entries were removed, or the head is from another chain)`,
          );
        }
        if (!(since.seq === 0 ? since.hash === GENESIS_HASH : savedMatched)) {
          return fail(
            since.seq,
            `entry ${since.seq} no longer has the saved hash ${since.hash}: the history up to it was rewritten, not only appended to`,
          );
        }
      }
      return { ok: true, head, count };
    },
  };
}

/**
 * An NDJSON ledger (the download, or a saved copy of it) checked as `verifyChain` checks entries:
 * UTF-8, one entry a line, every line ended by "\n" (a last line without it is a file cut short),
 * each line exactly as `ledgerLine` writes it. An empty file is the empty chain. Problems are
 * reported in file order.
 */
export function verifyNdjson(bytes: Uint8Array, sha256: Sha256Hex, opts: { since?: LedgerHead } = {}): ChainCheck {
  const walk = chainWalk(sha256, opts.since);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const { lines, unended } = splitLines(bytes);
  for (const line of lines) {
    let parsed: LineParse;
    try {
      parsed = parseLedgerLine(decoder.decode(line));
    } catch {
      parsed = { ok: false, problem: 'the line is not valid UTF-8' };
    }
    const failure = parsed.ok
      ? walk.next(parsed.entry)
      : { ok: false as const, seq: walk.expected(), problem: parsed.problem };
    if (failure) return failure;
  }
  if (unended) {
    return {
      ok: false,
      seq: walk.expected() - 1,
      problem: 'the last line does not end in a newline: the file was cut short, or is not the download',
    };
  }
  return walk.end();
}

/** Lines split on "\n" bytes (never part of a longer UTF-8 sequence), and whether the last lacks its "\n". */
function splitLines(bytes: Uint8Array): { lines: Uint8Array[]; unended: boolean } {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  const unended = start < bytes.length;
  if (unended) lines.push(bytes.subarray(start));
  return { lines, unended };
}

/**
 * The transparency log's HTTP answers and queries (docs/LOG.md), as zod schemas for the server's
 * validation and its OpenAPI document. Pure: no Node-only modules (the pages may import it).
 */
import { z } from 'zod';
import { wholeNumberParam } from '../paging.ts';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');
const MAX_SIZE = Number.MAX_SAFE_INTEGER;

export const logKeySchema = z.object({
  /** The signed-note verifier key that signs the log's checkpoints: `<origin>+<key ID>+<key>`. */
  verifierKey: z.string(),
  /** The log's origin, the checkpoints' first line (and the key's name). */
  origin: z.string(),
});
export type LogKey = z.infer<typeof logKeySchema>;

export const inclusionQuerySchema = z.object({
  leaf: z.string().regex(/^[0-9a-fA-F]{64}$/, 'leaf must be a leaf hash: 64 hex digits'),
  size: wholeNumberParam('size must be a whole number of at least 1', 1, MAX_SIZE),
});

export const inclusionSchema = z.object({
  /** The entry's index in the log (0-based). */
  index: z.number().int().min(0),
  size: z.number().int().min(1),
  /** RFC 6962 inclusion proof, hashes in lowercase hex, the leaf's sibling first. */
  proof: z.array(hex64),
});
export type Inclusion = z.infer<typeof inclusionSchema>;

export const consistencyQuerySchema = z.object({
  from: wholeNumberParam('from must be a whole number of at least 1', 1, MAX_SIZE),
  to: wholeNumberParam('to must be a whole number of at least 1', 1, MAX_SIZE),
});

export const consistencySchema = z.object({
  /** RFC 6962 consistency proof from the tree of `from` entries to the tree of `to`, in lowercase hex. */
  proof: z.array(hex64),
});
export type Consistency = z.infer<typeof consistencySchema>;

/** Exactly one of the two: the checkpoint of `size`, or the one that seals entry `index`. */
export const timestampsQuerySchema = z.object({
  size: wholeNumberParam('size must be a whole number of at least 1', 1, MAX_SIZE).optional(),
  index: wholeNumberParam('index must be a whole number', 0, MAX_SIZE).optional(),
});

export const timestampsSchema = z.object({
  /** The size of the checkpoint the tokens stamp. */
  size: z.number().int().min(1),
  /** That checkpoint, signed by the log, with the witnesses' cosignatures the log holds. */
  checkpoint: z.string(),
  timestamps: z.array(
    z.object({
      /** The URL the token was asked of. */
      authority: z.string(),
      /** The authority's name, from the certificate that signed the token. */
      name: z.string(),
      /** The time the authority stamped (its TSTInfo genTime), ISO 8601 UTC. */
      time: z.string(),
      /** The RFC 3161 token (CMS SignedData, DER) in standard base64: its message imprint is SHA-256 of the checkpoint's text. */
      token: z.string(),
    }),
  ),
});
export type Timestamps = z.infer<typeof timestampsSchema>;

/** A profile's bets to read the seals of: comma-separated bet ids, at most 50. */
export const sealsQuerySchema = z.object({
  bets: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}){0,49}$/,
      'bets must be 1 to 50 bet ids, separated by commas',
    ),
});

export const sealSchema = z.object({
  betId: z.string(),
  /** The log index of the bet's `recorded` entry (null: not yet sequenced). */
  index: z.number().int().nullable(),
  /** The earliest RFC 3161 time-stamp over a checkpoint holding it (null: none yet), ISO 8601 UTC. */
  sealedAt: z.string().nullable(),
  /** The time-stamp authority's name, from its certificate. */
  authority: z.string().nullable(),
  /** How many witnesses cosigned a checkpoint holding it. */
  witnesses: z.number().int().min(0),
  /** Recorded before the log existed: appended by the migration that created it, sealed then. */
  backfilled: z.boolean(),
});
export type Seal = z.infer<typeof sealSchema>;

export const sealsSchema = z.object({
  /** When the log was created: the seal time of the bets recorded before it. */
  logCreatedAt: z.string(),
  seals: z.array(sealSchema),
});
export type Seals = z.infer<typeof sealsSchema>;

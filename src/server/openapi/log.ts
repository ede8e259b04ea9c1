/**
 * /api/log (anyone): the transparency log's key and proofs, modules/log/routes.ts. The checkpoint
 * and the tiles are files under /log, outside this API (C2SP tlog-tiles; docs/LOG.md).
 */
import {
  consistencyQuerySchema,
  consistencySchema,
  inclusionQuerySchema,
  inclusionSchema,
  logKeySchema,
  sealsQuerySchema,
  sealsSchema,
  timestampsQuerySchema,
  timestampsSchema,
} from '../../shared/log/api.ts';
import {
  apiError,
  errors,
  jsonSchema,
  queryParameters,
  ref,
  response,
  signedInOrNot,
  username,
  type ApiModule,
} from './common.ts';

export const logModule: ApiModule = {
  tag: {
    name: 'Transparency log',
    description:
      'One append-only Merkle log (RFC 6962 hashing) over every ledger entry of every profile, each entry the ' +
      'NDJSON line as served. Its signed checkpoint (C2SP tlog-checkpoint in a signed note) is at `GET /log/checkpoint`, ' +
      'its hashes and entries as C2SP tlog-tiles under `/log/tile/` (full tiles cached for a year, immutable). ' +
      'See docs/LOG.md.',
  },
  schemas: {
    LogKey: jsonSchema(logKeySchema, 'output'),
    Inclusion: jsonSchema(inclusionSchema, 'output'),
    Consistency: jsonSchema(consistencySchema, 'output'),
    Timestamps: jsonSchema(timestampsSchema, 'output'),
    Seals: jsonSchema(sealsSchema, 'output'),
  },
  paths: {
    '/api/log/key': {
      get: {
        operationId: 'getLogKey',
        summary: "The verifier key that signs the log's checkpoints, and the log's origin",
        responses: { '200': response('The key', ref('LogKey')) },
      },
    },
    '/api/log/inclusion': {
      get: {
        operationId: 'getLogInclusionProof',
        summary: 'Where an entry is in the log, and the proof that the tree of `size` entries includes it',
        description:
          'The leaf hash is SHA-256 of the byte 0x00 followed by the entry (the ledger line as UTF-8, without its newline).',
        parameters: queryParameters(inclusionQuerySchema, {
          leaf: "The entry's leaf hash, 64 hex digits.",
          size: 'The tree size of a checkpoint you hold.',
        }),
        responses: {
          '200': response('The index and the RFC 6962 inclusion proof', ref('Inclusion')),
          '404': apiError(
            'No entry with this leaf hash, or not within the first `size` entries, or the log is smaller',
          ),
          '422': errors.invalid,
        },
      },
    },
    '/api/log/timestamps': {
      get: {
        operationId: 'getLogTimestamps',
        summary: 'The RFC 3161 time-stamp tokens over a checkpoint, with that checkpoint',
        description:
          "Each token's message imprint is SHA-256 of the checkpoint's signed text (the note body); check its signature " +
          'and certificate chain against the roots of the authorities you trust (`betproof verify --tsa-roots`). ' +
          'With `index`: the smallest time-stamped checkpoint that contains that entry, which dates it.',
        parameters: queryParameters(timestampsQuerySchema, {
          size: "A checkpoint's tree size.",
          index: "An entry's index in the log.",
        }),
        responses: {
          '200': response('The checkpoint and its tokens (an empty list when none stamped it)', ref('Timestamps')),
          '404': apiError('No checkpoint of that size, or no time-stamped checkpoint contains the entry yet'),
          '422': errors.invalid,
        },
      },
    },
    '/api/profiles/{username}/seals': {
      get: {
        operationId: 'getProfileSeals',
        summary: "Bets' seals: the earliest RFC 3161 time-stamp over a checkpoint holding each, and its witnesses",
        description:
          "What the profile shows as 'Sealed … by …, witnessed by n'. Bets recorded before the log existed are " +
          "`backfilled`: sealed when the log was created. Same visibility as the profile's ledger.",
        security: signedInOrNot,
        parameters: [username, ...queryParameters(sealsQuerySchema, { bets: 'Bet ids, comma-separated, at most 50.' })],
        responses: {
          '200': response("The seals of those of the profile's bets that exist", ref('Seals')),
          '404': errors.noProfile,
          '422': errors.invalid,
        },
      },
    },
    '/api/log/consistency': {
      get: {
        operationId: 'getLogConsistencyProof',
        summary: 'The proof that the tree of `from` entries is a prefix of the tree of `to` entries',
        parameters: queryParameters(consistencyQuerySchema, {
          from: 'The older tree size (of a checkpoint you saved).',
          to: 'The newer tree size.',
        }),
        responses: {
          '200': response('The RFC 6962 consistency proof', ref('Consistency')),
          '404': apiError('The log is smaller than `to`'),
          '422': errors.invalid,
        },
      },
    },
  },
};

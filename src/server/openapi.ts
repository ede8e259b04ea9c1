/**
 * The OpenAPI 3.1 document served at /api/openapi.json. Its schemas are generated from the same
 * zod schemas (src/shared) that validate requests and type the client, so it cannot drift from
 * what the server accepts.
 */
import { z } from 'zod';
import {
  BETS_PAGE_DEFAULT,
  BETS_PAGE_MAX,
  BET_PART_OF_RECORD_MESSAGE,
  apiErrorSchema,
  betPageSchema,
  betSchema,
  betStatsSchema,
  recordBetSchema,
  settleBetSchema,
} from '../shared/bets.ts';
import { LEDGER_PAGE_DEFAULT, LEDGER_PAGE_MAX, ledgerEntrySchema, ledgerPageSchema } from '../shared/ledger.ts';

type JsonSchema = Record<string, unknown>;

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) for a zod schema, without its `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const response = (description: string, schema?: JsonSchema) =>
  schema ? { description, content: json(schema) } : { description };

const errors = {
  notAuthenticated: response('Not signed in: `{ "error": "Not authenticated" }`', ref('ApiError')),
  invalid: response('Invalid input: `error` summarises, `fields` has one message per field', ref('ApiError')),
  malformed: response('The body is not JSON', ref('ApiError')),
  notFound: response(
    'No bet with this id belongs to the signed-in user: `{ "error": "Bet not found" }`',
    ref('ApiError'),
  ),
  noProfile: response('No profile with this username', ref('ApiError')),
  privateProfile: response('The profile is private (its owner and admins still see it)', ref('ApiError')),
};

const username = {
  name: 'username',
  in: 'path',
  required: true,
  description: "A profile's username, any case.",
  schema: { type: 'string' },
};

const betId = {
  name: 'id',
  in: 'path',
  required: true,
  description: "The bet's id (a UUID). Any other user's bet, or a malformed id, answers 404.",
  schema: { type: 'string', format: 'uuid' },
};

const cookieAuth = [{ sessionCookie: [] }];

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'betproof API',
      version: '0.1.0',
      description:
        'Record, settle and review bets. Money is a decimal string with two places ("25.00"); odds are kept as typed. ' +
        'Authentication (Better Auth) lives under /api/auth and sets the session cookie these endpoints require.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
      },
      schemas: {
        Bet: jsonSchema(betSchema, 'output'),
        BetPage: jsonSchema(betPageSchema, 'output'),
        BetStats: jsonSchema(betStatsSchema, 'output'),
        RecordBetInput: jsonSchema(recordBetSchema, 'input'),
        SettleBetInput: jsonSchema(settleBetSchema, 'input'),
        ApiError: jsonSchema(apiErrorSchema, 'output'),
        LedgerEntry: jsonSchema(ledgerEntrySchema, 'output'),
        LedgerPage: jsonSchema(ledgerPageSchema, 'output'),
      },
    },
    paths: {
      '/api/health': {
        get: {
          operationId: 'health',
          summary: 'Liveness and database reachability',
          responses: {
            '200': response(
              'Up',
              jsonSchema(z.object({ status: z.literal('ok'), database: z.literal(true) }), 'output'),
            ),
            '503': response(
              'The database is unreachable',
              jsonSchema(z.object({ status: z.literal('unavailable'), database: z.literal(false) }), 'output'),
            ),
          },
        },
      },
      '/api/bets': {
        get: {
          operationId: 'listBets',
          summary: "The signed-in user's bets, newest recorded first, a page at a time",
          security: cookieAuth,
          parameters: [
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: BETS_PAGE_MAX, default: BETS_PAGE_DEFAULT },
            },
            {
              name: 'cursor',
              in: 'query',
              required: false,
              description: 'The previous page’s `nextCursor` (opaque).',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': response('A page of bets', ref('BetPage')),
            '401': errors.notAuthenticated,
            '422': errors.invalid,
          },
        },
        post: {
          operationId: 'recordBet',
          summary: 'Record a bet on an event starting more than 6 hours from now',
          description:
            'Odds: American (+150, -110, or 150), decimal (2.50) or fractional (5/2). ' +
            'Potential win = stake × decimal odds, rounded to the cent. An event 6 hours or less ahead answers 422 ' +
            '"Bets can only be recorded for events starting at least 6 hours from now"; invalid odds answer 422 "Invalid odds".',
          security: cookieAuth,
          requestBody: { required: true, content: json(ref('RecordBetInput')) },
          responses: {
            '201': response('The recorded bet', ref('Bet')),
            '400': errors.malformed,
            '401': errors.notAuthenticated,
            '422': errors.invalid,
          },
        },
      },
      '/api/bets/stats': {
        get: {
          operationId: 'getBetStats',
          summary: "The signed-in user's statistics over all their bets",
          security: cookieAuth,
          responses: {
            '200': response('Totals, win rate and ROI', ref('BetStats')),
            '401': errors.notAuthenticated,
          },
        },
      },
      '/api/bets/{id}': {
        patch: {
          operationId: 'settleBet',
          summary: 'Settle a pending bet as won or lost, once its event has started',
          description:
            'Won: profit = potential win − stake. Lost: profit = −stake. Only a pending bet whose event has started ' +
            '(server clock) can be settled; a settled bet is final.',
          security: cookieAuth,
          parameters: [betId],
          requestBody: { required: true, content: json(ref('SettleBetInput')) },
          responses: {
            '200': response('The settled bet', ref('Bet')),
            '400': errors.malformed,
            '401': errors.notAuthenticated,
            '404': errors.notFound,
            '409': response(
              'Already settled (`{ "error": "Bet is already settled" }`), or the event has not started: ' +
                '`{ "error": "Settle after the event starts: Sat 21 Nov 2026, 20:00 UTC" }`',
              ref('ApiError'),
            ),
            '422': errors.invalid,
          },
        },
        delete: {
          operationId: 'deleteBet',
          summary: 'Delete one of your bets before its event starts (a correction)',
          description:
            'Once its event has started, or once settled, a bet is part of the record and cannot be deleted.',
          security: cookieAuth,
          parameters: [betId],
          responses: {
            '204': response('Deleted'),
            '401': errors.notAuthenticated,
            '404': errors.notFound,
            '409': response(`Part of the record: \`{ "error": "${BET_PART_OF_RECORD_MESSAGE}" }\``, ref('ApiError')),
          },
        },
      },
      '/api/profiles/{username}/ledger': {
        get: {
          operationId: 'getLedger',
          summary: "A profile's public hash-chained ledger, oldest entry first, a page at a time",
          description:
            'Every recorded, settled or deleted (before its start) bet appends one entry; `hash` is the SHA-256 of ' +
            '`prevHash` followed by the RFC 8785 canonical JSON of the entry without `hash`. See docs/LEDGER.md. ' +
            "Same visibility as the profile's statistics.",
          parameters: [
            username,
            {
              name: 'after',
              in: 'query',
              required: false,
              description: 'Entries with a greater seq (0: from the first).',
              schema: { type: 'integer', minimum: 0, default: 0 },
            },
            {
              name: 'limit',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 1, maximum: LEDGER_PAGE_MAX, default: LEDGER_PAGE_DEFAULT },
            },
          ],
          responses: {
            '200': response('The head and a page of entries', ref('LedgerPage')),
            '403': errors.privateProfile,
            '404': errors.noProfile,
            '422': errors.invalid,
          },
        },
      },
      '/api/profiles/{username}/ledger.ndjson': {
        get: {
          operationId: 'downloadLedger',
          summary: 'The whole ledger as NDJSON, one entry per line, oldest first (what `betproof verify` reads)',
          parameters: [username],
          responses: {
            '200': { description: 'The entries', content: { 'application/x-ndjson': { schema: ref('LedgerEntry') } } },
            '403': errors.privateProfile,
            '404': errors.noProfile,
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

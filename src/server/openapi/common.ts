/**
 * The pieces every module's part of the OpenAPI document is built from (see ../openapi.ts): the
 * document's types, JSON Schema from the shared zod schemas, and the answers many endpoints share.
 */
import { z } from 'zod';
import { apiErrorSchema } from '../../shared/bet-schemas.ts';
import { PROFILE_NOT_FOUND_ERROR } from '../../shared/profiles.ts';
import { formatWholeNumber } from '../../shared/number-format.ts';
import { QUOTA_DEFAULTS, quotaMessage } from '../../shared/quotas.ts';

export type JsonSchema = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface MediaType {
  schema: JsonSchema;
}

export interface Header {
  description: string;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface RequestBody {
  required: boolean;
  content: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  /** Set by buildOpenApiDocument: the tag of the module the operation belongs to. */
  tags: string[];
  summary: string;
  description?: string;
  /** Absent: no sign-in. `[{}, cookie]`: optional sign-in (the answer depends on who asks). */
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, Response>;
}

/** An operation as a module writes it; the module's tag is added when the document is put together. */
export type OperationSpec = Omit<Operation, 'tags'>;
export type PathItem<Op = Operation> = Partial<Record<Method, Op>>;

export interface Tag {
  name: string;
  description: string;
}

/** One module's part of the document: its tag, the schemas it names and its paths. */
export interface ApiModule {
  tag: Tag;
  schemas: Record<string, JsonSchema>;
  paths: Record<string, PathItem<OperationSpec>>;
}

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) for a zod schema, without its `$schema` line. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: JsonSchema): Record<string, MediaType> => ({ 'application/json': { schema } });
export const response = (description: string, schema?: JsonSchema): Response =>
  schema ? { description, content: json(schema) } : { description };
export const jsonBody = (schemaName: string): RequestBody => ({ required: true, content: json(ref(schemaName)) });

/**
 * The query parameters a zod query schema accepts, one per property, generated from the schema as
 * the validator reads it (input): types, bounds, enums and defaults. `descriptions` adds words.
 */
export function queryParameters(schema: z.ZodType, descriptions: Record<string, string> = {}): Parameter[] {
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  if (!object.properties) throw new Error('queryParameters: the schema is not an object');
  return Object.entries(object.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }));
}

export const pathParameter = (name: string, description: string, schema: JsonSchema): Parameter => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});

export const username = pathParameter('username', "A profile's username, any case.", { type: 'string' });

export const SESSION_COOKIE = 'sessionCookie';
/** Signed in: the session cookie is required. */
export const signedIn: Operation['security'] = [{ [SESSION_COOKIE]: [] }];
/** Anyone; a signed-in owner or admin sees more (a private profile). */
export const signedInOrNot: Operation['security'] = [{}, { [SESSION_COOKIE]: [] }];

/** The `{ error, fields? }` shape of every error the API answers. */
export const API_ERROR = 'ApiError';
export const apiErrorComponent = jsonSchema(apiErrorSchema, 'output');
export const apiError = (description: string) => response(description, ref(API_ERROR));
/** An error body as the API writes it, for a description: `{ "error": "Bet not found" }`. */
export const says = (message: string) => `\`{ "error": ${JSON.stringify(message)} }\``;

export const errors = {
  notAuthenticated: apiError(`Not signed in: ${says('Not authenticated')}`),
  invalid: apiError('Invalid input: `error` summarises, `fields` has one message per field (unknown ones included)'),
  malformed: apiError('The body is not JSON'),
  noProfile: apiError(
    `No profile with this username, or one that is private or whose owner has not confirmed their email yet (the same answer to all but its owner and admins): ${says(PROFILE_NOT_FOUND_ERROR)}`,
  ),
};

/** A page read with query parameters: the page, or 422 for parameters the validator refuses. */
export const pageAnswers = (description: string, schemaName: string): Record<string, Response> => ({
  '200': response(description, ref(schemaName)),
  '422': errors.invalid,
});

/**
 * The answers every admin endpoint shares, after its own: 401 to anonymous callers, 403 to
 * non-admins. The admin module and the events catalog's admin paths both declare them.
 */
export const adminOnly = (responses: Record<string, Response>): Record<string, Response> => ({
  ...responses,
  '401': errors.notAuthenticated,
  '403': apiError(`Signed in but not an admin: ${says('Not authorised: this area is for administrators only')}`),
});

/** A per-user quota's 429 (src/server/edge/quotas.ts): what counts, the defaults, and an example message. */
const quotaRefusal = (counts: string, perMinute: number, perDay: number, settings: string, example: string) => ({
  description:
    `Over the user's quota: ${counts}, at most ${perMinute} a minute and ${formatWholeNumber(perDay)} a day ` +
    `by default (${settings}), each window starting with its first request. Refused before anything is read or ` +
    `written, so nothing changes; e.g. ${says(example)}.`,
  headers: {
    'Retry-After': {
      description: 'Seconds until the quota counts a request again.',
      schema: { type: 'integer', minimum: 1 },
    },
  },
  content: json(ref(API_ERROR)),
});

export const quotaRefused = {
  writes: (activity: string) =>
    quotaRefusal(
      "every POST, PUT, PATCH and DELETE to /api/bets, /api/profile, /api/verification, /api/me and a profile's /follow counts",
      QUOTA_DEFAULTS.writesPerMinute,
      QUOTA_DEFAULTS.writesPerDay,
      'WRITE_QUOTA_PER_MINUTE, WRITE_QUOTA_PER_DAY',
      quotaMessage('writes', activity, 'minute', QUOTA_DEFAULTS.writesPerMinute, 42),
    ),
  heavyRead: (bucket: 'analytics' | 'export', activity: string) =>
    quotaRefusal(
      `every request for ${bucket === 'analytics' ? 'your analytics' : 'your CSV export'} counts (a repeat while your record is unchanged is served from the cache, but still counted)`,
      QUOTA_DEFAULTS.heavyReadsPerMinute,
      QUOTA_DEFAULTS.heavyReadsPerDay,
      'HEAVY_READ_QUOTA_PER_MINUTE, HEAVY_READ_QUOTA_PER_DAY',
      quotaMessage(bucket, activity, 'minute', QUOTA_DEFAULTS.heavyReadsPerMinute, 42),
    ),
};

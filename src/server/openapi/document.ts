/**
 * The OpenAPI 3.1 document served at /api/openapi.json (and rendered at /api/docs, api-docs.ts).
 * Its schemas are generated from the same zod schemas (src/shared) that validate requests and type
 * the client, so it cannot drift from what the server accepts. Each module describes its own
 * endpoints in openapi/<module>.ts; openapi.test.ts fails when a route the app serves has no entry
 * here, or an entry names a route it does not serve. Better Auth's endpoints (/api/auth/*) are
 * left to Better Auth's own documentation.
 */
import { API_BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE } from '../edge/http.ts';
import { CROSS_ORIGIN_MESSAGE } from '../edge/same-origin.ts';
import { adminModule } from './admin.ts';
import { betsModule } from './bets.ts';
import {
  API_ERROR,
  METHODS,
  SESSION_COOKIE,
  apiError,
  apiErrorComponent,
  errors,
  says,
  type ApiModule,
  type JsonSchema,
  type Operation,
  type OperationSpec,
  type PathItem,
  type Response,
  type Tag,
} from './common.ts';
import { communityModule } from './community.ts';
import { eventsModule } from './events.ts';
import { importsModule } from './imports.ts';
import { followsModule } from './follows.ts';
import { notificationsModule } from './notifications.ts';
import { inboxModule } from './inbox.ts';
import { logModule } from './log.ts';
import { ownProfileModule, publicProfilesModule } from './profiles.ts';
import { serviceModule } from './service.ts';
import { verificationModule } from './verification.ts';
import { wellbeingModule } from './wellbeing.ts';

export type { JsonSchema, Method, Operation, Parameter, PathItem, Response } from './common.ts';

/** The modules, in the order the reference page lists them. */
const MODULES: readonly ApiModule[] = [
  betsModule,
  eventsModule,
  importsModule,
  publicProfilesModule,
  ownProfileModule,
  followsModule,
  notificationsModule,
  verificationModule,
  wellbeingModule,
  communityModule,
  inboxModule,
  logModule,
  adminModule,
  serviceModule,
];

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: Tag[];
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, JsonSchema>;
  };
  paths: Record<string, PathItem>;
}

const crossOriginNote = `a write sent from a page of another origin: ${says(CROSS_ORIGIN_MESSAGE)}`;

/**
 * The answers app.ts gives before any module's handler, added to each operation they apply to:
 * a write from another origin is refused (same-origin.ts); a JSON body that is not JSON is a 400
 * and one over the size limit a 413 (http.ts).
 */
function withApiWideResponses(method: string, spec: OperationSpec, tag: string): Operation {
  const responses: Record<string, Response> = { ...spec.responses };
  if (method !== 'get') {
    const own = responses['403'];
    responses['403'] = own
      ? { ...own, description: `${own.description}; or ${crossOriginNote}` }
      : apiError(`Refused: ${crossOriginNote}`);
  }
  if (spec.requestBody) {
    responses['400'] ??= errors.malformed;
    responses['413'] ??= apiError(
      `The body is over ${API_BODY_LIMIT_BYTES / 1024} KB: ${says(BODY_TOO_LARGE_MESSAGE)}`,
    );
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return { ...spec, tags: [tag], responses: sorted };
}

export function buildOpenApiDocument(): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { [API_ERROR]: apiErrorComponent };
  const paths: Record<string, PathItem> = {};
  for (const { tag, schemas: own, paths: modulePaths } of MODULES) {
    for (const [name, schema] of Object.entries(own)) {
      if (name in schemas) throw new Error(`OpenAPI: two modules name the schema ${name}`);
      schemas[name] = schema;
    }
    for (const [path, item] of Object.entries(modulePaths)) {
      if (path in paths) throw new Error(`OpenAPI: two modules describe ${path}`);
      const operations: PathItem = {};
      for (const method of METHODS) {
        const spec = item[method];
        if (spec) operations[method] = withApiWideResponses(method, spec, tag.name);
      }
      paths[path] = operations;
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'betproof API',
      version: '0.1.0',
      description:
        'Record, settle and review bets. Money is a decimal string with two places ("25.00"); odds are kept as typed. ' +
        'Authentication (Better Auth) lives under /api/auth, documented by Better Auth, and sets the session cookie ' +
        'the signed-in endpoints require. Every error answers `{ "error": "…" }` (with `fields` for invalid input); ' +
        'an unexpected failure answers 500 `{ "error": "Internal Server Error" }`.',
    },
    servers: [{ url: '/' }],
    tags: MODULES.map((m) => m.tag),
    components: {
      securitySchemes: {
        [SESSION_COOKIE]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'better-auth.session_token',
          description:
            'Set by signing in at /api/auth/sign-in/email; named `__Host-better-auth.session_token` over https.',
        },
      },
      schemas,
    },
    paths,
  };
}

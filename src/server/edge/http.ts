/**
 * The API's HTTP plumbing that is not about who is asking (that is modules/auth/middleware.ts):
 * the error shape and its helper, the body size limit, zod validation of a request part, and the
 * client's address.
 */
import { zValidator } from '@hono/zod-validator';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage } from 'node:http';
import type { Context, TypedResponse, ValidationTargets } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { UNSTORABLE_TEXT_MESSAGE, findUnstorableText } from '../../shared/text.ts';
import { limitKey } from './client-address.ts';
import type { JsonText } from '../db/sql.ts';

export interface ApiError {
  error: string;
  /** Field name -> message, for input errors. */
  fields?: Record<string, string>;
}

/**
 * The most a request body to /api may hold. The longest valid one is a contact message (5,000
 * characters plus name and subject): at most about 32 KB as JSON even if every character were an
 * escaped control character. Every other body is under 5 KB.
 */
export const API_BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';

/** GET, HEAD and OPTIONS: methods that change nothing (never counted as writes, never checked for origin). */
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Answers 413 in the API's error shape to a body over API_BODY_LIMIT_BYTES, before any handler
 * or Better Auth reads it: by its Content-Length, or, for a body sent without one (chunked), by
 * counting while reading it (what was read, at most the limit, is handed on to the handler).
 */
export const limitBodySize = createMiddleware((c, next) => (hasNoBody(c) ? next() : limitBody(c, next)));

const limitBody = bodyLimit({
  maxSize: API_BODY_LIMIT_BYTES,
  onError: (c) => c.json<ApiError, 413>({ error: BODY_TOO_LARGE_MESSAGE }, 413),
});

/**
 * GET and HEAD requests have no body here (the Node adapter never gives them one), and asking a
 * request for its body builds the whole fetch Request behind Hono's lazy one: about a tenth of a
 * read's CPU (bench/RESULTS.md). The body checks skip them.
 */
const hasNoBody = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';

export const BODY_TOO_SLOW_MESSAGE = 'The request body took too long to arrive';

/**
 * Every request body must have arrived within `ms` of the request (BODY_DEADLINE_MS, 30 s): past
 * it the server answers 408 and closes the connection, so the handler waiting for the body (and
 * the user's write queue it holds: quotas.ts) is let go at once. A body trickling in a byte at a
 * time would otherwise hold both for Node's own request timeout, 300 s. Requests made in-process
 * (tests through app.request) have no socket and no deadline.
 */
export const bodyDeadline = (ms: number) =>
  createMiddleware(async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (hasNoBody(c) || typeof incoming?.once !== 'function' || incoming.complete) return next();
    let answered = false;
    const timer = setTimeout(() => {
      const socket = incoming.socket;
      if (!socket || socket.destroyed) return;
      // Answered without reading the body (a 401, a 429): Node reads and drops the rest before the
      // connection can carry another request, so a body still trickling only holds the socket.
      if (answered) return void socket.destroy();
      // Answered on the socket itself: the handler is still waiting for the body, and Node's
      // response object belongs to it.
      const body = JSON.stringify({ error: BODY_TOO_SLOW_MESSAGE });
      socket.end(
        `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      setTimeout(() => socket.destroy(), 1000).unref();
      // The body's reader fails now, so whatever waits for it ends.
      incoming.destroy(new Error(BODY_TOO_SLOW_MESSAGE));
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    incoming.once('end', done);
    incoming.once('close', done);
    try {
      await next();
    } finally {
      answered = true;
      if (incoming.complete) done();
    }
  });

export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8';

/** Bodies read as text: JSON, forms, text, and a body that names no type (read as JSON or text). */
const TEXT_BODY_TYPES = /^\s*(application\/(json|x-www-form-urlencoded|[\w.+-]+\+json)|text\/)/i;

/**
 * Answers 400 in the API's error shape to a text body that is not valid UTF-8, for our routes and
 * Better Auth's alike: decoded as usual, each bad byte would silently become U+FFFD and the text
 * be stored as something the client never sent. After limitBodySize (the body is at most 64 KB);
 * the body is read from a copy, so the handler reads it as usual.
 */
export const requireUtf8Body = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (hasNoBody(c) || !c.req.raw.body || (type !== '' && !TEXT_BODY_TYPES.test(type))) return next();
  const bytes = await c.req.raw.clone().arrayBuffer();
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return c.json<ApiError, 400>({ error: INVALID_UTF8_MESSAGE }, 400);
  }
  await next();
});

/** A Cookie header carrying a session cookie (any of Better Auth's names for it). */
const SESSION_COOKIE = /(^|;)\s*(__Host-|__Secure-)?better-auth\.session_token=/;

/** Whether a request's Cookie header carries a session cookie (valid or not: that takes a lookup). */
export const carriesSessionCookie = (cookieHeader: string | null | undefined) =>
  SESSION_COOKIE.test(cookieHeader ?? '');

/**
 * The API's routes whose answers are the same for everyone, each declared public where it is
 * mounted (app.ts): `declare('/events', routes)` mounts nothing, it records `/api/events` and its
 * subpaths and hands the routes back. Every other route is private: a new one is private until
 * declared otherwise, so it cannot be cached by mistake.
 */
export function publicApiRoutes(base: string) {
  const prefixes: string[] = [];
  return {
    declare<T>(path: string, routes: T): T {
      prefixes.push(`${base}${path}`);
      return routes;
    },
    covers: (path: string) => prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
  };
}

/**
 * `Cache-Control: no-store` and `Vary: Cookie` on every answer that may be someone's own: any
 * answer of a route not declared public (signed in or not, refusals included), and any answer to a
 * request that carried a session cookie, so neither a browser's cache nor a shared one keeps it or
 * hands it to someone else.
 */
export const privateAnswers = (isPublic: (path: string) => boolean) =>
  createMiddleware(async (c, next) => {
    await next();
    if (isPublic(c.req.path) && !carriesSessionCookie(c.req.header('cookie'))) return;
    const set = (headers: Headers) => {
      headers.set('Cache-Control', 'no-store');
      const vary = headers.get('Vary');
      if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'cookie' || v.trim() === '*')) {
        headers.set('Vary', vary ? `${vary}, Cookie` : 'Cookie');
      }
    };
    try {
      set(c.res.headers);
    } catch {
      // A response with immutable headers (Response.redirect): copy it.
      c.res = new Response(c.res.body, c.res);
      set(c.res.headers);
    }
  });

/**
 * Answers JSON the database has already written (db/sql.ts's JsonText) as it is: the same
 * Content-Type as c.json, and typed as c.json(value as T) would be for hc<AppType>.
 */
export const jsonText = <T, S extends ContentfulStatusCode>(c: Context, text: JsonText<T>, status: S) =>
  c.body(text, status, { 'Content-Type': 'application/json' }) as unknown as TypedResponse<T, S, 'json'>;

export const apiError = (
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
  error: string,
  fields?: Record<string, string>,
) => c.json<ApiError>(fields ? { error, fields } : { error }, status);

/**
 * Validates a request part with a shared zod schema. A failure answers 422 `{ error, fields }` with
 * one message per field (each unknown field named as one), so a form can show each next to its
 * input. `headline` may give the product's words for `error` when exactly one field is wrong. Text the
 * schema accepts but the database cannot store exactly (NUL, an unpaired surrogate) is refused too.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  headline?: (field: string, message: string) => string | undefined,
) =>
  zValidator(target, schema, (result, c) => {
    // No prototype: a client's key such as "__proto__" is then an ordinary field name.
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    if (result.success) {
      // Valid by the schema, but text the database cannot store exactly (see shared/text.ts).
      const at = findUnstorableText(result.data);
      if (at === null) return;
      fields[at.slice(0, 64) || '_'] = UNSTORABLE_TEXT_MESSAGE;
    } else {
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) fields[[...issue.path, key.slice(0, 64)].join('.')] ??= 'Unknown field';
          continue;
        }
        fields[issue.path.length ? issue.path.join('.') : '_'] ??= issue.message;
      }
    }
    const entries = Object.entries(fields);
    const only = entries.length === 1 ? entries[0] : undefined;
    const error = (only && headline?.(...only)) ?? entries.map(([k, v]) => (k === '_' ? v : `${k}: ${v}`)).join('; ');
    return c.json<ApiError, 422>({ error, fields }, 422);
  });

/**
 * The client's address: behind a trusted proxy (TRUST_PROXY), the address that proxy appended to
 * X-Forwarded-For, i.e. the last entry (entries left of it come from the client, who can write
 * anything there); otherwise the socket's. Requests made in-process (tests through app.request)
 * have neither and count as one client.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const appended = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
      .at(-1);
    if (appended) return appended;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/**
 * The client as every address-based limit counts it: its address (clientIp) turned into a limit
 * key, an IPv6 address grouped by its /64 (client-address.ts).
 */
export const clientKey = (c: Context, trustProxy: boolean): string => limitKey(clientIp(c, trustProxy));

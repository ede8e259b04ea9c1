/**
 * Where Better Auth may send a browser: a page of this site, by its path, and nothing else.
 *
 * Better Auth takes a `callbackURL` (or `redirectTo`) in a sign-up, sign-in or reset request and
 * puts it in the mailed link; following the link redirects there. Its own check refuses other
 * origins (with a 403), but it passes some values it cannot redirect to: a non-ASCII path made the
 * confirmation link answer 500 with an empty body (a Location header must be ASCII). Here, before
 * Better Auth sees a request:
 *
 * - in a JSON body, a callback that is not a page of this site (another origin, `javascript:`,
 *   `//host`, a backslash, spaces or control characters, longer than CALLBACK_URL_MAX_LENGTH) is
 *   a 400; one that is becomes its plain path, percent-encoded as a URL writes it;
 * - on the mailed links (GET /verify-email, GET /reset-password/:token), whoever wrote the link,
 *   a callback that is not a page of this site is replaced by the link's usual page, and one that
 *   is becomes its plain path: a safe redirect either way.
 */
import { paths } from '../../../shared/routes.ts';
import { AUTH_BASE_PATH } from './endpoints.ts';

/** The longest callback kept, once percent-encoded (ours are a few dozen characters). */
export const CALLBACK_URL_MAX_LENGTH = 512;

export const INVALID_CALLBACK_URL_MESSAGE = 'must be the path of a page on this site';

/** The body fields Better Auth reads a page to send the browser to from. */
const CALLBACK_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/** Where each mailed link leads when its callback is not a page of this site. */
export const LINK_PAGES: Record<string, string> = {
  '/verify-email': `${paths.auth}?verified=1`,
  '/reset-password/': paths.resetPassword,
};

/** Spaces, control characters and backslashes: a URL parser drops or turns them into slashes. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * The same-origin path (path, query and fragment, percent-encoded) `value` leads to, or null when
 * it does not lead to a page of `baseUrl`'s origin.
 */
export function safeCallbackPath(value: unknown, baseUrl: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > CALLBACK_URL_MAX_LENGTH) return null;
  if (UNSAFE_CHARACTERS.test(value) || value.startsWith('//')) return null;
  const origin = new URL(baseUrl).origin;
  let url: URL;
  try {
    url = value.startsWith('/') ? new URL(value, origin) : new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username !== '' || url.password !== '') return null;
  // An encoded slash or backslash in the path is read as a separator by some routers and proxies.
  if (/%2f|%5c/i.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" resolves to the path "//host", which a browser reads as another host.
  if (path.startsWith('//') || path.length > CALLBACK_URL_MAX_LENGTH) return null;
  return path;
}

const invalidCallback = (field: string) =>
  Response.json(
    { code: 'INVALID_CALLBACK_URL', message: `${field}: ${INVALID_CALLBACK_URL_MESSAGE}` },
    { status: 400 },
  );

/** The mailed link's usual page when `request` is one of them (by its path under /api/auth). */
function linkPage(pathname: string): string | undefined {
  const path = pathname.slice(AUTH_BASE_PATH.length).replace(/\/{2,}/g, '/');
  if (path === '/verify-email' || path === '/verify-email/') return LINK_PAGES['/verify-email'];
  if (path.startsWith('/reset-password/') && path.length > '/reset-password/'.length) {
    return LINK_PAGES['/reset-password/'];
  }
  return undefined;
}

/**
 * `request` with its callbacks made safe, or the 400 that refuses it. Requests without a callback
 * pass unchanged (their body unread).
 */
export async function withSafeCallbacks(request: Request, baseUrl: string): Promise<Request | Response> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    const page = linkPage(url.pathname);
    const given = url.searchParams.getAll('callbackURL');
    if (page === undefined || given.length === 0) return request;
    const safe = given.length === 1 ? safeCallbackPath(given[0], baseUrl) : null;
    const chosen = safe ?? page;
    if (given.length === 1 && chosen === given[0]) return request;
    url.searchParams.delete('callbackURL');
    url.searchParams.set('callbackURL', chosen);
    return new Request(url, { method: 'GET', headers: request.headers, signal: request.signal });
  }
  if (request.method !== 'POST' || !/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return request;
  }
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return request; // Better Auth answers a malformed body itself.
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return request;
  const fields = body as Record<string, unknown>;
  let changed = false;
  for (const field of CALLBACK_FIELDS) {
    if (!Object.hasOwn(fields, field) || fields[field] === undefined || fields[field] === '') continue;
    const safe = safeCallbackPath(fields[field], baseUrl);
    if (safe === null) return invalidCallback(field);
    if (safe !== fields[field]) {
      fields[field] = safe;
      changed = true;
    }
  }
  if (!changed) return request;
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: 'POST', headers, body: JSON.stringify(fields) });
}

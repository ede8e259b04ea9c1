/**
 * Who is signed in, for the API's requireUser and optionalUser (middleware.ts).
 *
 * Better Auth's getSession answers that through its whole endpoint pipeline (a context and hooks
 * per call, a WebCrypto key import to check the cookie's signature, two queries): about 1.4 ms of
 * CPU per request on PostgreSQL, several times what the request's own work costs, and most of why
 * authenticated reads fell short of their throughput target (bench/RESULTS.md). For the everyday
 * case this reads the same answer directly: the cookie's HMAC checked with the same secret, then
 * the session and its user in one indexed query (~0.16 ms).
 *
 * The sessions it has read are kept for the next request (session-cache.ts): most requests then
 * need no query at all.
 *
 * It only ever answers what getSession would: whenever getSession would do more than read — an
 * expired session to delete, a session due for its daily refresh — or the request is not the
 * plain case (the session cookie sent twice, a signature that is not the canonical one), or the
 * configuration is one this does not cover (cookie cache, secondary storage, rotating secrets),
 * the request goes to getSession itself.
 * src/server/session.test.ts holds the two to the same answers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema/auth.ts';
import type { PageSession } from '../../../shared/page-rendering.ts';
import { listen } from '../../db/notifications.ts';
import type { Auth } from './better-auth.ts';
import { SessionCache } from './session-cache.ts';

export type { SignedInSession } from './session-cache.ts';
import type { SignedInSession } from './session-cache.ts';
type ReadSession = (headers: Headers) => Promise<SignedInSession | null>;

/** What the direct read needs from Better Auth's resolved configuration. */
interface DirectReadSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

interface DirectReader {
  read: ReadSession;
  cache: SessionCache;
}

const readers = new WeakMap<Auth, DirectReader>();

/** The session of a request, as auth.api.getSession would answer it. */
export function readSession(auth: Auth, headers: Headers): Promise<SignedInSession | null> {
  const reader = readers.get(auth);
  return reader ? reader.read(headers) : auth.api.getSession({ headers });
}

/**
 * After a write that may have changed sessions or users, answered by this server: its cached
 * sessions are dropped now, not when the database's notification arrives (session-cache.ts).
 */
export function forgetCachedSessions(auth: Auth): void {
  readers.get(auth)?.cache.forgetAll();
}

/**
 * The request's session for a signed-in page's server render (shared/page-rendering.ts): what GET
 * /api/auth/get-session answers, as JSON, without the session's token. The page's HTML is readable
 * by anything on the page and can be saved to a file; the token stays in the httpOnly cookie.
 */
export async function pageSession(auth: Auth, headers: Headers): Promise<PageSession | null> {
  const signedIn = await readSession(auth, headers);
  if (!signedIn) return null;
  const { token: _secret, ...rest } = signedIn.session;
  return JSON.parse(JSON.stringify({ user: signedIn.user, session: rest })) as PageSession;
}

/** Lets readSession answer plain requests for `auth` straight from `db` (the database `auth` uses). */
export function enableDirectSessionReads(auth: Auth, db: Db) {
  const cache = new SessionCache();
  listen(db, SESSION_CHANGES_CHANNEL, {
    notify: (userId) => cache.forgetUser(userId),
    listening: () => cache.trust(true),
    lost: () => cache.trust(false),
  });
  readers.set(auth, { read: createDirectReader(auth, db, cache), cache });
}

/** The channel the triggers of db/functions/notify_session_change.sql notify with the id of a user whose session or account changed. */
const SESSION_CHANGES_CHANNEL = 'betproof_session_changes';

function createDirectReader(auth: Auth, db: Db, cache: SessionCache): ReadSession {
  const getSession = (headers: Headers) => auth.api.getSession({ headers });
  // The user as getSession returns it: without the fields Better Auth's options mark `returned: false`.
  const { ageConfirmedAt: _notReturned, ...returnedUserColumns } = getTableColumns(user);
  const byToken = db
    .select({ session: getTableColumns(session), user: returnedUserColumns })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('betproof_session_by_token');

  let settings: Promise<DirectReadSettings | null> | undefined;
  const loadSettings = async (): Promise<DirectReadSettings | null> => {
    const ctx = await auth.$context;
    const options: BetterAuthOptions = ctx.options;
    if (options.session?.cookieCache?.enabled || options.secondaryStorage || typeof ctx.secretConfig !== 'string') {
      return null;
    }
    return {
      cookieName: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    };
  };

  return async (headers) => {
    const s = await (settings ??= loadSettings());
    if (!s) return getSession(headers);
    const cookie = onlyCookie(headers.get('cookie'), s.cookieName);
    if (cookie === null) return null;
    if (cookie === 'ambiguous') return getSession(headers);
    const token = verifiedToken(cookie, s.secret);
    // A signature this does not recognise is refused by Better Auth too, unless it is an odd
    // encoding of the right one: let it judge.
    if (token === null) return getSession(headers);
    const readAt = cache.epoch;
    const cached = cache.get(token);
    const fetched = cached ? undefined : (await byToken.execute({ token }))[0];
    const row = cached ?? (fetched && frozen(fetched));
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.session.expiresAt.getTime();
    // Better Auth deletes an expired session and extends one whose last refresh is updateAge old.
    if (expiresAt <= now || expiresAt - s.expiresInMs + s.updateAgeMs <= now) return getSession(headers);
    if (!cached) cache.store(token, row, readAt);
    return row;
  };
}

/** A session every request of its user will be handed: none of them may change it for the others. */
const frozen = (row: SignedInSession): SignedInSession =>
  Object.freeze({ session: Object.freeze(row.session), user: Object.freeze(row.user) });

/**
 * The value of cookie `name` in a Cookie header, decoded as better-call decodes it; null when it
 * is absent; 'ambiguous' when it appears more than once (left to Better Auth's own parser).
 */
function onlyCookie(header: string | null, name: string): string | null | 'ambiguous' {
  if (!header) return null;
  let found: string | null = null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    if (found !== null) return 'ambiguous';
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      found = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      found = value;
    }
  }
  return found;
}

/**
 * The session token of a signed cookie value (`token.signature`: the signature is the standard
 * base64 of an HMAC-SHA256 of the token under the auth secret, as better-call signs it), or null
 * when the signature is not exactly that.
 */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

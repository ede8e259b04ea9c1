import { useQuery } from '@tanstack/react-query';
import type { Session } from '../../../lib/auth-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/query-client.ts';
import { parseSession } from '../../../lib/session-json.ts';
import { sessionRetryDelayMs, SessionUnavailableError } from '../session-retry.ts';

/**
 * GET /api/auth/get-session: the signed-in session, or null when signed out. Only an answer says
 * "signed out"; a network error or an error status (a 429, a 5xx) says nothing about the session.
 */
async function fetchSession(): Promise<Session | null> {
  let res: Response;
  try {
    res = await fetch('/api/auth/get-session', { headers: { accept: 'application/json' } });
  } catch {
    throw new SessionUnavailableError(null);
  }
  if (!res.ok) throw new SessionUnavailableError(res.headers.get('retry-after'));
  return parseSession(await res.text());
}

/**
 * Whether two session lookups say the same: get-session's answer and the session a signed-in
 * page's server render used list their fields in different orders, and only the answer carries
 * the session's token (which the app never reads: the httpOnly cookie signs its requests).
 */
export const sameSession = (a: unknown, b: unknown) => comparable(a) === comparable(b);

// Each object's fields sorted (entries sort by their key first: no two keys are equal).
const comparable = (session: unknown) =>
  JSON.stringify(session, (key, value: unknown) =>
    key === 'token'
      ? undefined
      : value?.constructor === Object
        ? Object.fromEntries(Object.entries(value).sort())
        : value,
  );

/** The session lookup the whole app shares (AuthProvider holds it; see there for why it is asked this way). */
export function useSessionLookup() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    // Always stale: every window focus asks the server again.
    staleTime: 0,
    // The same session asked again is the same value (its Dates would otherwise make it a new
    // one each time): nothing that reads it renders again for an answer that changed nothing,
    // such as the check right after a signed-in page is hydrated with the server's session.
    structuralSharing: (previous, next) => (sameSession(previous, next) ? previous : next),
    retry: true,
    retryDelay: sessionRetryDelayMs,
    // Retried offline too: `navigator.onLine` can be wrong, and the notice says what is going on.
    networkMode: 'always',
  });
}

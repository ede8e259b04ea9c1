import { createContext, use, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Session, SessionUser } from '../../lib/auth-client.ts';
import { SESSION_QUERY_KEY } from '../../lib/query-client.ts';
import { forgetOfflineShell } from '../../lib/offline-shell.ts';
import { useSessionLookup } from './api/session.ts';

export interface AuthContextValue {
  user: SessionUser | null;
  session: Session['session'] | null;
  /** True until the first session lookup has answered. */
  isPending: boolean;
  /**
   * True while the server cannot be asked who is signed in (no network, a 429 or a 5xx) and the
   * lookup is being retried. What was known stays: the visitor is not signed out for it.
   */
  unreachable: boolean;
  /** Asks the server for the session again (e.g. after a password reset revoked it). */
  refetch: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the signed-in state for the whole app. The session comes from the server's httpOnly
 * cookie, so it survives reloads. It is read with one plain request rather than through Better
 * Auth's client, which only the pages that sign in or out load (it would add ~10 KB gzipped to
 * every page). It is fetched again when the window regains focus (a sign-out in another tab shows
 * there), and by `refetch` after a sign-in or a password reset; sign-out sets it to null.
 *
 * When the server cannot answer (offline, a 429, a 5xx), the lookup is retried for as long as it
 * takes, waiting longer each time (session-retry.ts), and the visitor stays where they are with
 * what was known, told by a small notice that betproof is being retried: never signed out for it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch, failureCount, fetchStatus } = useSessionLookup();
  const unreachable = failureCount > 0 && fetchStatus !== 'idle';
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      // Pending means the first lookup only: a refetch keeps showing what we knew, or signed-out
      // pages would flash a spinner and lose what was typed into their forms.
      isPending,
      unreachable,
      refetch: async () => {
        await refetch();
      },
    }),
    [data, isPending, unreachable, refetch],
  );
  return (
    <AuthContext value={value}>
      {children}
      {unreachable && <UnreachableNotice />}
    </AuthContext>
  );
}

/** A small notice over the page's corner that does not block it: the session lookup is being retried. */
function UnreachableNotice() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      <p className="rounded-md border bg-background px-4 py-2 text-sm text-foreground shadow-md">
        Can&apos;t reach betproof — retrying…
      </p>
    </div>
  );
}

/** After sign-out: the app is signed out at once, and no cached data of the account is kept (nor its offline dashboard). */
export function forgetSession(queryClient: QueryClient) {
  void forgetOfflineShell();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** The signed-in state. Throws when used outside <AuthProvider> (a wiring bug, never a runtime state). */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

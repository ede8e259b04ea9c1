import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { authClient, type Session, type SessionUser } from '../../lib/auth-client.ts';

export interface AuthContextValue {
  user: SessionUser | null;
  session: Session['session'] | null;
  /** True until the first session lookup has answered. */
  isPending: boolean;
  /** Asks the server for the session again (e.g. after a password reset revoked it). */
  refetch: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the signed-in state for the whole app. The session comes from the server's httpOnly
 * cookie, so it survives reloads; Better Auth refetches it when the window regains focus and
 * after every sign-in / sign-out made through `authClient`.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = authClient.useSession();
  // Better Auth reports `isPending` again on every refetch while signed out (window focus, after
  // sign-up...). Loading means only the first lookup, or signed-out pages would flash a spinner
  // and lose what was typed into their forms.
  const [resolved, setResolved] = useState(false);
  if (!isPending && !resolved) setResolved(true);
  const loading = isPending && !resolved;
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      isPending: loading,
      refetch: async () => {
        await refetch();
      },
    }),
    [data, loading, refetch],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The signed-in state. Throws when used outside <AuthProvider> (a wiring bug, never a runtime state). */
export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

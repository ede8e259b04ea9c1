import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields, twoFactorClient } from 'better-auth/client/plugins';
import type { Auth } from '../../server/modules/auth/index.ts';

/**
 * The Better Auth client. The session lives in an httpOnly cookie set by the server, so it
 * survives reloads; `useSession()` refetches it when the window regains focus.
 */
export const authClient = createAuthClient({
  // Only the browser calls it; the server's render (src/client/ssr) merely imports the module.
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // Two-factor sign-in: a sign-in that needs the code answers `twoFactorRedirect`, which the
  // sign-in form handles itself (no redirect to another page).
  plugins: [inferAdditionalFields<Auth>(), twoFactorClient()],
});

export type Session = typeof authClient.$Infer.Session;
export type SessionUser = Session['user'];

/** What Better Auth's client returns in `error` when a call fails. */
export interface AuthClientError {
  message?: string | undefined;
  status?: number;
  statusText?: string;
  code?: string | undefined;
}

/** A human message for a failed Better Auth call: the server's own words when it sent any. */
export function authErrorMessage(error: AuthClientError | null | undefined): string {
  if (!error) return 'Something went wrong. Please try again.';
  if (error.message) return error.message;
  if (error.status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (error.statusText) return error.statusText;
  return 'Something went wrong. Please try again.';
}

import type { Location, To } from 'react-router';
import { paths } from '../../../shared/routes.ts';

/** What the protected-route guard leaves in `location.state` when it sends a visitor to /auth. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Which tab /auth opens on ('signup' from the header's Sign Up button). */
  tab?: 'login' | 'signup';
  /** Open the password-reset request form on arrival. */
  forgot?: boolean;
}

export function readAuthState(state: unknown): AuthRedirectState {
  return typeof state === 'object' && state !== null ? (state as AuthRedirectState) : {};
}

/** Where to go after signing in: the page the guard remembered, else the dashboard. Never back to /auth. */
export function destinationAfterSignIn(state: unknown): To {
  const from = readAuthState(state).from;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/') && from.pathname !== paths.auth) {
    return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
  }
  return paths.dashboard;
}

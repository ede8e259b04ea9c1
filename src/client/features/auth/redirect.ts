import type { Location, To } from 'react-router';
import { paths } from '../../../shared/routes.ts';

/** What the protected-route guard leaves in `location.state` when it sends a visitor to /auth. */
export interface AuthRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Open the password-reset request form on arrival. */
  forgot?: boolean;
}

export function readAuthState(state: unknown): AuthRedirectState {
  return typeof state === 'object' && state !== null ? (state as AuthRedirectState) : {};
}

/** A page of this site to go on to (path, query and fragment), never another host nor /auth itself; else null. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const base = 'http://betproof.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname === paths.auth) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page the guard remembered, as a path (null when there is none, or it is /auth). */
function rememberedPath(state: unknown): string | null {
  const from = readAuthState(state).from;
  if (!from || typeof from.pathname !== 'string') return null;
  return safeNextPath(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`);
}

/**
 * Where to go after signing in: the page the guard remembered, else the page `next` names (the
 * confirmation link's `?next=`), else the dashboard. Never back to /auth, never off this site.
 */
export function destinationAfterSignIn(state: unknown, next?: string | null): To {
  return rememberedPath(state) ?? safeNextPath(next) ?? paths.dashboard;
}

/**
 * Where the mailed confirmation link lands: /auth?verified=1, with `next` naming the page the
 * sign-up started from when the guard sent the visitor here. The link signs the new account in,
 * and /auth sends it on (Better Auth adds `error=` when the link is bad).
 */
export function confirmationCallback(state: unknown): string {
  const params = new URLSearchParams({ verified: '1' });
  const from = rememberedPath(state);
  if (from) params.set('next', from);
  return `${paths.auth}?${params}`;
}

/*
 * The address just signed up with, kept in this browser until the account signs in: when the
 * confirmation link does not sign in (it was already followed, e.g. by a mail scanner), the Login
 * tab opens with the email filled. Storage may be unavailable (private modes): then it is not.
 */
const SIGN_UP_EMAIL_KEY = 'betproof.sign-up-email';

export function rememberSignUpEmail(email: string) {
  try {
    localStorage.setItem(SIGN_UP_EMAIL_KEY, email);
  } catch {
    // Nothing kept: the visitor types the address again.
  }
}

export function signUpEmail(): string {
  try {
    return localStorage.getItem(SIGN_UP_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetSignUpEmail() {
  try {
    localStorage.removeItem(SIGN_UP_EMAIL_KEY);
  } catch {
    // Nothing was kept.
  }
}

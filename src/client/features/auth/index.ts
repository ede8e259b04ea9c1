/*
 * What other features use of auth: who is signed in, signing out, and the state a page passes to
 * /auth to come back after signing in.
 */
export { useAuth } from './auth-provider.tsx';
export type { AuthRedirectState } from './redirect.ts';
export { useSignOut } from './api/sign-out.ts';

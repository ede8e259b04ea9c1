/**
 * Which new passwords are accepted (at sign-up and password reset): the length limits of the
 * client's forms (shared/auth.ts) and no password from the common-password list, refused with the
 * same messages the forms show (Better Auth's own are terse: "Password too short").
 * How an accepted password is stored is password.ts.
 */
import { APIError } from 'better-auth/api';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';

/** The common-password list (common-passwords.ts), loaded with the first password checked. */
export const loadCommonPasswords = async () => (await import('./common-passwords.ts')).commonPasswords;

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used passwords, so it is easy to guess. Please choose a less common one.';
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

export const isCommonPassword = async (password: string) => (await loadCommonPasswords()).has(password.toLowerCase());

/** A 400 with the client form's message for a new password our rules refuse. */
export async function assertAcceptablePassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new APIError('BAD_REQUEST', { message: PASSWORD_TOO_SHORT_MESSAGE, code: 'PASSWORD_TOO_SHORT' });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', { message: PASSWORD_TOO_LONG_MESSAGE, code: 'PASSWORD_TOO_LONG' });
  }
  if (await isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}

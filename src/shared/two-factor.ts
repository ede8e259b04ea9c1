/**
 * Two-factor sign-in words and rules both sides use: the issuer authenticator apps show, the
 * answer every admin endpoint gives while ADMIN_REQUIRE_2FA is on and the admin has not turned it
 * on, and what a typed code may look like.
 */

/** The name an authenticator app lists the account under (the otpauth URI's issuer). */
export const TWO_FACTOR_ISSUER = 'betproof';

/** 403 from /api/admin/* (ADMIN_REQUIRE_2FA) to an admin whose account has no two-factor sign-in. */
export const ADMIN_TWO_FACTOR_REQUIRED_MESSAGE =
  'Two-factor authentication is required for the admin dashboard. Turn it on in Settings on your profile, then come back.';

/**
 * 403 to an admin whose account has two-factor sign-in but whose session was signed in without a
 * code (ADMIN_REQUIRE_2FA asks how the session signed in).
 */
export const ADMIN_SECOND_FACTOR_REQUIRED_MESSAGE =
  'Sign out and sign in again with a code from your authenticator app to use the admin dashboard.';

/** 401 to a code from the authenticator app that was already accepted once (RFC 6238 section 5.2). */
export const TOTP_CODE_USED_MESSAGE = 'That code was already used. Wait for the next one from your authenticator app.';

/** A code from an authenticator app: six digits (spaces typed between groups are dropped). */
export const normaliseTotpCode = (typed: string) => typed.replace(/\s+/g, '');
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** A recovery code as shown (xxxxx-xxxxx); spaces around it are dropped. */
export const normaliseRecoveryCode = (typed: string) => typed.trim();

/**
 * Two-factor sign-in: Better Auth's two-factor plugin with TOTP (an authenticator app) and
 * recovery codes, and nothing else of it. Once an account has confirmed its first code, a correct
 * password no longer signs it in: sign-in answers `{ twoFactorRedirect: true }`, deletes the
 * session it had just made and sets only a short-lived signed `two_factor` cookie, which
 * /two-factor/verify-totp (or /verify-backup-code) turns into a session with a correct code.
 *
 * Served: enable (password; answers the otpauth URI and the recovery codes, not yet on), verify-totp
 * (confirms enabling, or completes a sign-in), verify-backup-code (a sign-in with a recovery code,
 * each usable once) and disable (password). The rest of the plugin is switched off in endpoints.ts:
 * e-mailed codes (send-otp, verify-otp: betproof sends none), get-totp-uri and
 * generate-backup-codes (no page offers them; disabling and enabling again gives a new secret and
 * new codes). The bodies of the served ones are held to the keys our pages send (below): the
 * plugin would also take `trustDevice`, a 30-day cookie that skips the code at later sign-ins, so
 * a password alone would sign in again from that browser.
 */
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { TWO_FACTOR_ISSUER } from '../../../shared/two-factor.ts';

/**
 * Per client address and endpoint, like sign-in: 10 a minute. The plugin's own rule (3 per 10
 * seconds) would refuse a few people behind one office or carrier address typing a code at once,
 * and guessing is held down per challenge and per account anyway (below).
 */
export const TWO_FACTOR_RATE_LIMIT = { window: 60, max: 10 };

export const twoFactorPlugin = () => ({
  ...twoFactorWithOptions(),
  rateLimit: [{ pathMatcher: (path: string) => path.startsWith('/two-factor/'), ...TWO_FACTOR_RATE_LIMIT }],
});

const twoFactorWithOptions = () =>
  twoFactor({
    issuer: TWO_FACTOR_ISSUER,
    // 10 codes of 10 characters (xxxxx-xxxxx), stored encrypted with AUTH_SECRET.
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    totpOptions: { digits: 6, period: 30 },
    // Ten minutes to type the code after the password.
    twoFactorCookieMaxAge: 10 * 60,
    // Ten wrong codes in a row (across sign-ins) lock the second step for 15 minutes. Only someone
    // who knows the password gets this far, so this cannot lock out an owner from a stranger.
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
  });

/** The two-factor endpoints betproof serves and the body keys each takes (what the pages send). */
export const TWO_FACTOR_BODY_KEYS: Record<string, ReadonlySet<string>> = {
  '/two-factor/enable': new Set(['password']),
  '/two-factor/disable': new Set(['password']),
  '/two-factor/verify-totp': new Set(['code']),
  '/two-factor/verify-backup-code': new Set(['code']),
};

/**
 * A 400 naming each key of a two-factor body that is not one our pages send (`trustDevice`,
 * `disableSession`, `issuer`, `method`, ...), like sign-up's and the API's "Unknown field".
 */
export function assertKnownTwoFactorKeys(path: string, body: unknown) {
  const allowed = TWO_FACTOR_BODY_KEYS[path];
  if (!allowed || body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((key) => !allowed.has(key));
  if (unknown.length === 0) return;
  throw new APIError('BAD_REQUEST', {
    message: unknown.map((key) => `${key.slice(0, 64)}: Unknown field`).join('; '),
    code: 'UNKNOWN_FIELD',
  });
}

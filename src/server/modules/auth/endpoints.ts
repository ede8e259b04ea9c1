/**
 * Which Better Auth endpoints betproof serves, and how the rest answer: the disabled list Better
 * Auth itself enforces, the parameterised paths it cannot, and the API's JSON 404 for both.
 * Turning one back on means a row in the access matrix (src/server/access-matrix.test.ts).
 */

/** Where Better Auth is mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * Better Auth endpoints betproof does not use, switched off (Better Auth answers them 404, which
 * our handler turns into the API's JSON 404). Each one the client does not need is
 * surface for no benefit: update-user takes any name and image (`javascript:alert(1)`) and
 * bypasses our profile rules, revoke-session answers 200 for a token that is not the caller's,
 * change-password and verify-password are password oracles no page offers, and the social and
 * OAuth-token ones serve providers we never configured. What stays on is exactly what the client
 * calls (src/client/features/auth) or mails: sign-up, sign-in, sign-out, get-session,
 * request-password-reset, reset-password and its mailed GET /reset-password/:token, the
 * mailed GET /verify-email, and two-factor enable, disable, verify-totp and verify-backup-code
 * (two-factor.ts). A confirmation link is re-sent by signing in (sendOnSignIn), so
 * send-verification-email is off too. Better Auth matches these exactly, after trimming trailing
 * slashes; parameterised paths cannot be listed, see DISABLED_PATH_PREFIXES.
 */
export const DISABLED_AUTH_PATHS = [
  '/sign-in/social',
  '/verify-password',
  '/send-verification-email',
  '/change-email',
  '/change-password',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/delete-user/callback',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
  '/error',
  // Of the two-factor plugin (two-factor.ts): betproof mails no codes, and no page shows the
  // authenticator secret again or makes new recovery codes (turning 2FA off and on again does).
  '/two-factor/send-otp',
  '/two-factor/verify-otp',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
];

/** Better Auth endpoints with a path parameter that are off: the OAuth callback (/callback/:id). */
export const DISABLED_PATH_PREFIXES = ['/callback/'];

const notFound = () => Response.json({ error: 'Not Found' }, { status: 404 });

/** Better Auth's handler, answering the API's JSON 404 for every endpoint that is off or unknown. */
export function servingEnabledEndpoints(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    // Doubled slashes collapsed, as a router that forgives them would (GHSA-x732-6j76-qmhm).
    const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length).replace(/\/{2,}/g, '/');
    if (DISABLED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return notFound();
    const response = await handler(request);
    // Better Auth answers an unknown path with an empty 404 and a disabled one with a text/plain
    // "Not Found"; every unknown /api path answers JSON. Its own JSON 404s (a user not found) stay.
    if (response.status === 404 && !response.headers.get('content-type')?.startsWith('application/json')) {
      return notFound();
    }
    return response;
  };
}

/**
 * Better Auth's rate limits on /api/auth/*: how many requests a client may make (stored in the
 * database, so they hold across instances), where that client's address comes from, and a 429
 * that says what was limited. The sign-in slow-down per account and address is sign-in-failures.ts.
 */
import type { BetterAuthOptions } from 'better-auth';

/**
 * The header our own middleware sets before Better Auth runs (app.ts): the client's limit key
 * (client-address.ts: the address, an IPv6 one as its /64 network) from the socket or a trusted
 * proxy. Clients cannot choose it. Better Auth counts requests per its value, and our sign-in
 * slow-down reads it too.
 */
export const CLIENT_IP_HEADER = 'x-betproof-client-ip';

/**
 * Limits on the endpoints that take a credential or send a mail, per client and minute. Reading
 * the session and signing out are never limited: a page that polls get-session, or many people
 * behind one office or carrier address, would otherwise get a 429 where the app expects a
 * session, and a limited sign-out leaves a session open. Any other endpoint falls under Better
 * Auth's own rules (a plugin's, such as two-factor's; its built-in ones for mail endpoints such as
 * send-verification-email, which is off) or the default of 100 a minute.
 */
export const RATE_LIMIT_RULES = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  '/request-password-reset': { window: 60, max: 5 },
  '/reset-password': { window: 60, max: 10 },
  // The mailed links: a person clicks one a few times at most.
  '/reset-password/*': { window: 60, max: 30 },
  '/verify-email': { window: 60, max: 30 },
} as const;

/** Endpoints no rate limit ever applies to. */
export const UNLIMITED_AUTH_PATHS = ['/get-session', '/sign-out'] as const;

export const rateLimits = {
  // Better Auth turns its limiter off outside production; ours is always on.
  enabled: true,
  storage: 'database',
  window: 60,
  max: 100,
  customRules: {
    ...RATE_LIMIT_RULES,
    ...Object.fromEntries(UNLIMITED_AUTH_PATHS.map((path) => [path, false as const])),
  },
} satisfies BetterAuthOptions['rateLimit'];

/**
 * Better Auth's rate limiter answers every path with "Too many requests. Please try again later.";
 * say which action was limited and for how long, and send the standard Retry-After header too.
 */
export async function clarifyRateLimit(request: Request, response: Response): Promise<Response> {
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status !== 429 || retryAfter === null) return response;
  const path = new URL(request.url).pathname;
  const what = path.endsWith('/sign-in/email')
    ? 'sign-in attempts'
    : path.endsWith('/sign-up/email')
      ? 'sign-up attempts'
      : path.endsWith('/request-password-reset')
        ? 'password reset requests'
        : 'requests';
  const seconds = Math.max(1, Number(retryAfter) || 60);
  const headers = new Headers(response.headers);
  headers.set('retry-after', String(seconds));
  return new Response(
    JSON.stringify({
      code: 'RATE_LIMITED',
      message: `Too many ${what} from your network. Please wait ${seconds} seconds and try again.`,
    }),
    { status: 429, headers },
  );
}

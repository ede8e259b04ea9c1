/**
 * Better Auth's rate limits on /api/auth/*: how many requests a client address may make (stored
 * in the database, so they hold across instances), where that address comes from, and a 429 that
 * says what was limited. The per-account sign-in lock is sign-in-failures.ts.
 */
import type { BetterAuthOptions } from 'better-auth';

/**
 * The header our own middleware sets from the socket (or a trusted proxy) before Better Auth runs
 * (app.ts, http.ts clientIp); clients cannot choose it. Better Auth counts requests per its value.
 */
export const CLIENT_IP_HEADER = 'x-betproof-client-ip';

export const rateLimits = {
  // Better Auth turns its limiter off outside production; ours is always on.
  enabled: true,
  storage: 'database',
  window: 60,
  max: 100,
  customRules: {
    '/sign-in/email': { window: 60, max: 10 },
    '/sign-up/email': { window: 60, max: 10 },
    '/request-password-reset': { window: 60, max: 5 },
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

import { createMiddleware } from 'hono/factory';
import { apiError, isSafeMethod } from './http.ts';

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin request refused';

/** The content types a plain HTML form can send without a CORS preflight (none counts as text/plain). */
const FORM_CONTENT_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * Refuses every state-changing request (any method but GET, HEAD and OPTIONS) that a browser sent
 * from a page of another origin: its Origin header names another origin, or "null". Browsers send
 * Origin with every such request, so our own pages pass and no other site's do, whatever the body.
 * (A JSON body from another site would also need a CORS preflight, which we never grant, and the
 * SameSite=Lax cookie stays off most cross-site requests; this check holds where those do not, e.g.
 * from a sibling subdomain, which counts as the same site.) A request without an Origin header
 * (curl, a script, a very old browser) passes unless a plain HTML form could have sent it.
 * `carriesOwnAuthority` names the paths whose request proves itself without a session (a signed
 * token in the URL), which another site's form could only send for the token's own owner.
 */
export const sameOriginWrites = (baseUrl: string, carriesOwnAuthority: (path: string) => boolean = () => false) => {
  const ours = new URL(baseUrl).origin;
  return createMiddleware(async (c, next) => {
    if (isSafeMethod(c.req.method) || carriesOwnAuthority(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fromElsewhere =
      origin === undefined
        ? c.req.header('sec-fetch-site') !== 'same-origin' &&
          FORM_CONTENT_TYPES.test(c.req.header('content-type') ?? 'text/plain')
        : origin !== ours;
    if (fromElsewhere) return apiError(c, 403, CROSS_ORIGIN_MESSAGE);
    await next();
  });
};

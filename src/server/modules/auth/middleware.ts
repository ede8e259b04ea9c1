/**
 * The auth middleware every other module's routes use, and the Hono env types they set: who is
 * signed in (requireUser, optionalUser, answered by session.ts) and whether they have admin powers
 * (adminPowers, the one rule, with ADMIN_REQUIRE_2FA asking how the session signed in; requireAdmin
 * applies it to every admin endpoint).
 */
import type { Env as HonoEnv } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../../env.ts';
import { apiError } from '../../edge/http.ts';
import { ADMIN_SECOND_FACTOR_REQUIRED_MESSAGE, ADMIN_TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/two-factor.ts';
import type { Auth, SessionUser } from './better-auth.ts';
import { readSession, type SignedInSession } from './session.ts';

/** What a signed-in request carries after `requireUser`: the user, and its session's own facts. */
export interface AppEnv extends HonoEnv {
  Variables: { user: SessionUser; session: SignedInSession['session'] };
}

/**
 * What a request that may or may not be signed in carries after `optionalUser`: the viewer, and
 * whether they have admin powers (adminPowers).
 */
export interface ViewerEnv extends HonoEnv {
  Variables: { viewer: SessionUser | null; viewerIsAdmin: boolean };
}

/** Answers 401 unless the request is signed in; sets `user` and `session`. */
export const requireUser = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(auth, c.req.raw.headers);
    if (!session) return apiError(c, 401, 'Not authenticated');
    c.set('user', session.user);
    c.set('session', session.session);
    await next();
  });

/** Resolves the session when there is one; anonymous requests go on with `viewer` null. */
export const optionalUser = (auth: Auth, config: Pick<Config, 'ADMIN_REQUIRE_2FA'>) =>
  createMiddleware<ViewerEnv>(async (c, next) => {
    const session = await readSession(auth, c.req.raw.headers);
    c.set('viewer', session?.user ?? null);
    c.set('viewerIsAdmin', session !== null && adminPowers(config, session) === 'admin');
    await next();
  });

/**
 * The one answer to "may this session use admin powers?", wherever they are used: the admin
 * endpoints (requireAdmin) and reading what only owners and admins see (profiles/visibility.ts).
 * An admin's account, and with ADMIN_REQUIRE_2FA two-factor sign-in turned on for it and this very
 * session completed with a second factor (a session signed in with the password alone, or made
 * before two-factor was turned on, has none: migration 0031_security).
 */
export function adminPowers(
  config: Pick<Config, 'ADMIN_REQUIRE_2FA'>,
  signedIn: { user: Pick<SessionUser, 'role' | 'twoFactorEnabled'>; session: { secondFactor?: boolean | null } },
): 'admin' | 'not-admin' | 'needs-two-factor' | 'needs-second-factor' {
  if (signedIn.user.role !== 'admin') return 'not-admin';
  if (!config.ADMIN_REQUIRE_2FA) return 'admin';
  if (signedIn.user.twoFactorEnabled !== true) return 'needs-two-factor';
  return signedIn.session.secondFactor === true ? 'admin' : 'needs-second-factor';
}

const ADMIN_REFUSALS = {
  'not-admin': 'Not authorised: this area is for administrators only',
  'needs-two-factor': ADMIN_TWO_FACTOR_REQUIRED_MESSAGE,
  'needs-second-factor': ADMIN_SECOND_FACTOR_REQUIRED_MESSAGE,
} as const;

/** Answers 403 unless the session has admin powers (adminPowers; after requireUser). */
export const requireAdmin = (config: Pick<Config, 'ADMIN_REQUIRE_2FA'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const powers = adminPowers(config, { user: c.get('user'), session: c.get('session') });
    if (powers !== 'admin') return apiError(c, 403, ADMIN_REFUSALS[powers]);
    await next();
  });

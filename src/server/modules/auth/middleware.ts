/**
 * The auth middleware every other module's routes use, and the Hono env types they set: who is
 * signed in (requireUser, optionalUser, answered by session.ts) and whether they are an admin
 * (requireAdmin: admin powers, and with ADMIN_REQUIRE_2FA two-factor sign-in, are checked here, on
 * the server, for every admin endpoint).
 */
import type { Env as HonoEnv } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../../env.ts';
import { apiError } from '../../http.ts';
import { ADMIN_TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/two-factor.ts';
import type { Auth, SessionUser } from './better-auth.ts';
import { readSession } from './session.ts';

/** What a signed-in request carries after `requireUser`. */
export interface AppEnv extends HonoEnv {
  Variables: { user: SessionUser };
}

/** What a request that may or may not be signed in carries after `optionalUser`. */
export interface ViewerEnv extends HonoEnv {
  Variables: { viewer: SessionUser | null };
}

/** Answers 401 unless the request is signed in; sets `user`. */
export const requireUser = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(auth, c.req.raw.headers);
    if (!session) return apiError(c, 401, 'Not authenticated');
    c.set('user', session.user);
    await next();
  });

/** Resolves the session when there is one; anonymous requests go on with `viewer` null. */
export const optionalUser = (auth: Auth) =>
  createMiddleware<ViewerEnv>(async (c, next) => {
    const session = await readSession(auth, c.req.raw.headers);
    c.set('viewer', session?.user ?? null);
    await next();
  });

/**
 * Answers 403 unless the signed-in user is an admin (after requireUser); with ADMIN_REQUIRE_2FA,
 * also until that admin has turned on two-factor sign-in (their session then came from a password
 * and a code: two-factor.ts).
 */
export const requireAdmin = (config: Pick<Config, 'ADMIN_REQUIRE_2FA'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (user.role !== 'admin') return apiError(c, 403, 'Not authorised: this area is for administrators only');
    if (config.ADMIN_REQUIRE_2FA && user.twoFactorEnabled !== true) {
      return apiError(c, 403, ADMIN_TWO_FACTOR_REQUIRED_MESSAGE);
    }
    await next();
  });

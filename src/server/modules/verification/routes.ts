import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { ApiError } from '../../edge/http.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import type { Quotas } from '../../edge/quotas.ts';
import {
  ALREADY_PENDING_MESSAGE,
  ALREADY_VERIFIED_MESSAGE,
  type VerificationState,
} from '../../../shared/verification.ts';
import { applyForVerification, getVerificationStatus } from './queries.ts';

export interface VerificationRoutesDeps {
  auth: Auth;
  db: Db;
  /** Applying counts against the user's write quota. */
  quotas: Quotas;
}

const PROFILE_MISSING = 'Your profile could not be found';

/**
 * /api/verification: a signed-in user's own verification status, and the application that makes
 * it pending (an admin then verifies or declines it in /api/admin/users/:userId/verification).
 */
export function verificationRoutes({ auth, db, quotas }: VerificationRoutesDeps) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .use(quotas.writes('applying for verification'))
    .get('/', async (c) => {
      const status = await getVerificationStatus(db, c.get('user').id);
      if (!status) return c.json<ApiError, 404>({ error: PROFILE_MISSING }, 404);
      return c.json<VerificationState, 200>({ status }, 200);
    })
    .post('/apply', async (c) => {
      const result = await applyForVerification(db, c.get('user').id);
      if (result.ok) return c.json<VerificationState, 201>({ status: result.status }, 201);
      if (result.status === 'pending') return c.json<ApiError, 409>({ error: ALREADY_PENDING_MESSAGE }, 409);
      if (result.status === 'verified') return c.json<ApiError, 409>({ error: ALREADY_VERIFIED_MESSAGE }, 409);
      return c.json<ApiError, 404>({ error: PROFILE_MISSING }, 404);
    });
}

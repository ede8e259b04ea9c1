import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { decodeCursor } from '../../db/sql.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import { requireAdmin, requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import {
  ISSUE_NOT_FOUND_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  adminIssuesQuerySchema,
  adminLogsQuerySchema,
  adminUsersQuerySchema,
  setVerificationSchema,
  updateIssueSchema,
} from '../../../shared/admin.ts';
import {
  getAdminStats,
  getAnalytics,
  getIssue,
  listIssues,
  listLogs,
  listUsers,
  setVerificationStatus,
  updateIssue,
} from './queries.ts';

export interface AdminRoutesDeps {
  auth: Auth;
  db: Db;
  config: Pick<Config, 'ADMIN_REQUIRE_2FA'>;
  now: () => Date;
}

/** Better Auth's ids are short alphanumeric strings; anything else names no user. */
const isUserId = (id: string) => /^[A-Za-z0-9_-]{1,100}$/.test(id);

/**
 * /api/admin: the admin dashboard's API. The first middleware answers every method on every path
 * below /api/admin — 401 to anonymous callers, 403 to signed-in non-admins (and, with
 * ADMIN_REQUIRE_2FA, to admins without two-factor sign-in) — before any handler
 * (or the API's 404) runs, so nothing here is reachable without the admin role.
 *
 * There is no endpoint that changes roles: roles change only through ADMIN_EMAILS and the CLI
 * (npm run admin:grant / admin:revoke), so an admin cannot change their own role through the API.
 */
export function adminRoutes({ auth, db, config, now }: AdminRoutesDeps) {
  return new Hono<AppEnv>()
    .use('*', requireUser(auth), requireAdmin(config))
    .get('/stats', async (c) => c.json(await getAdminStats(db), 200))
    .get('/users', validate('query', adminUsersQuerySchema), async (c) => {
      const { search, status, limit, cursor: cursorText } = c.req.valid('query');
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (cursor === null) {
        return c.json<ApiError, 422>({ error: 'cursor: Invalid cursor', fields: { cursor: 'Invalid cursor' } }, 422);
      }
      return c.json(await listUsers(db, { search, status, limit, cursor }), 200);
    })
    .patch('/users/:userId/verification', validate('json', setVerificationSchema), async (c) => {
      const targetUserId = c.req.param('userId');
      const change = isUserId(targetUserId)
        ? await setVerificationStatus(db, {
            adminUserId: c.get('user').id,
            targetUserId,
            status: c.req.valid('json').status,
            now: now(),
          })
        : null;
      if (!change) return c.json<ApiError, 404>({ error: USER_NOT_FOUND_MESSAGE }, 404);
      return c.json(change, 200);
    })
    .get('/issues', validate('query', adminIssuesQuerySchema), async (c) =>
      c.json(await listIssues(db, c.req.valid('query')), 200),
    )
    .get('/issues/:id', async (c) => {
      const issue = await getIssue(db, c.req.param('id'));
      if (!issue) return c.json<ApiError, 404>({ error: ISSUE_NOT_FOUND_MESSAGE }, 404);
      return c.json(issue, 200);
    })
    .patch('/issues/:id', validate('json', updateIssueSchema), async (c) => {
      const issue = await updateIssue(db, {
        adminUserId: c.get('user').id,
        id: c.req.param('id'),
        ...c.req.valid('json'),
        now: now(),
      });
      if (!issue) return c.json<ApiError, 404>({ error: ISSUE_NOT_FOUND_MESSAGE }, 404);
      return c.json(issue, 200);
    })
    .get('/analytics', async (c) => c.json(await getAnalytics(db, now()), 200))
    .get('/logs', validate('query', adminLogsQuerySchema), async (c) =>
      c.json(await listLogs(db, c.req.valid('query')), 200),
    );
}

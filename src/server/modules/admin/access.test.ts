import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, freshIp, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';

const ADMIN_EMAIL = 'matrix.admin@example.com';

type Caller = 'anonymous' | 'user' | 'pending' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Every /api/admin endpoint × every method × every kind of caller, and the status each gets.
 * `:target` is another user, `:self` the admin, `:issue` a stored contact message. An admin gets
 * 404 for a method an endpoint does not have (there is no role endpoint at all: roles change only
 * through ADMIN_EMAILS and the CLI, so no admin can change their own role through the API).
 */
// prettier-ignore
const MATRIX: [Method, string, anonymous: number, user: number, pending: number, admin: number][] = [
  ['GET',    '/api/admin/access',                       401, 403, 403, 200],
  ['POST',   '/api/admin/access',                       401, 403, 403, 404],
  ['PATCH',  '/api/admin/access',                       401, 403, 403, 404],
  ['PUT',    '/api/admin/access',                       401, 403, 403, 404],
  ['DELETE', '/api/admin/access',                       401, 403, 403, 404],
  ['GET',    '/api/admin/stats',                        401, 403, 403, 200],
  ['POST',   '/api/admin/stats',                        401, 403, 403, 404],
  ['PATCH',  '/api/admin/stats',                        401, 403, 403, 404],
  ['PUT',    '/api/admin/stats',                        401, 403, 403, 404],
  ['DELETE', '/api/admin/stats',                        401, 403, 403, 404],
  ['GET',    '/api/admin/users?search=matrix',          401, 403, 403, 200],
  ['POST',   '/api/admin/users',                        401, 403, 403, 404],
  ['PATCH',  '/api/admin/users',                        401, 403, 403, 404],
  ['PUT',    '/api/admin/users',                        401, 403, 403, 404],
  ['DELETE', '/api/admin/users',                        401, 403, 403, 404],
  ['GET',    '/api/admin/users/:target/verification',   401, 403, 403, 404],
  ['POST',   '/api/admin/users/:target/verification',   401, 403, 403, 404],
  ['PATCH',  '/api/admin/users/:target/verification',   401, 403, 403, 200],
  ['PUT',    '/api/admin/users/:target/verification',   401, 403, 403, 404],
  ['DELETE', '/api/admin/users/:target/verification',   401, 403, 403, 404],
  ['GET',    '/api/admin/users/:self/role',             401, 403, 403, 404],
  ['POST',   '/api/admin/users/:self/role',             401, 403, 403, 404],
  ['PATCH',  '/api/admin/users/:self/role',             401, 403, 403, 404],
  ['PUT',    '/api/admin/users/:self/role',             401, 403, 403, 404],
  ['DELETE', '/api/admin/users/:self/role',             401, 403, 403, 404],
  ['GET',    '/api/admin/issues',                       401, 403, 403, 200],
  ['POST',   '/api/admin/issues',                       401, 403, 403, 404],
  ['PATCH',  '/api/admin/issues',                       401, 403, 403, 404],
  ['PUT',    '/api/admin/issues',                       401, 403, 403, 404],
  ['DELETE', '/api/admin/issues',                       401, 403, 403, 404],
  ['GET',    '/api/admin/issues/:issue',                401, 403, 403, 200],
  ['POST',   '/api/admin/issues/:issue',                401, 403, 403, 404],
  ['PATCH',  '/api/admin/issues/:issue',                401, 403, 403, 200],
  ['PUT',    '/api/admin/issues/:issue',                401, 403, 403, 404],
  ['DELETE', '/api/admin/issues/:issue',                401, 403, 403, 404],
  ['GET',    '/api/admin/analytics',                    401, 403, 403, 200],
  ['POST',   '/api/admin/analytics',                    401, 403, 403, 404],
  ['PATCH',  '/api/admin/analytics',                    401, 403, 403, 404],
  ['PUT',    '/api/admin/analytics',                    401, 403, 403, 404],
  ['DELETE', '/api/admin/analytics',                    401, 403, 403, 404],
  ['GET',    '/api/admin/logs',                         401, 403, 403, 200],
  ['POST',   '/api/admin/logs',                         401, 403, 403, 404],
  ['PATCH',  '/api/admin/logs',                         401, 403, 403, 404],
  ['PUT',    '/api/admin/logs',                         401, 403, 403, 404],
  ['DELETE', '/api/admin/logs',                         401, 403, 403, 404],
  ['GET',    '/api/admin/no-such-endpoint',             401, 403, 403, 404],
  ['POST',   '/api/admin/no-such-endpoint',             401, 403, 403, 404],
  ['PATCH',  '/api/admin/no-such-endpoint',             401, 403, 403, 404],
  ['PUT',    '/api/admin/no-such-endpoint',             401, 403, 403, 404],
  ['DELETE', '/api/admin/no-such-endpoint',             401, 403, 403, 404],
];

const CALLERS: Caller[] = ['anonymous', 'user', 'pending', 'admin'];

/** A body that would change something if a write went through: it is sent with every method. */
const bodyFor = (path: string): Record<string, string> => {
  if (path.endsWith('/role')) return { role: 'user' };
  if (path.includes(':issue')) return { status: 'resolved', priority: 'high' };
  return { status: 'verified' };
};

/** Everything an admin endpoint could change, as one comparable value. */
async function snapshot(env: TestEnv) {
  const rows = async (query: ReturnType<typeof sql>) => {
    const result = (await env.db.execute(query)) as unknown as { rows: unknown[] } | unknown[];
    return Array.isArray(result) ? result : result.rows;
  };
  return {
    profiles: await rows(
      sql`select user_id, username, display_name, verification_status, created_at::text from profiles order by user_id`,
    ),
    users: await rows(sql`select id, email, role, updated_at::text from users order by id`),
    adminLogs: await rows(sql`select id, action_type, target_user_id, details::text from admin_logs order by id`),
    inboxMessages: await rows(
      sql`select id, status, priority, updated_at::text, message from inbox_messages order by id`,
    ),
    settings: await rows(sql`select user_id, privacy_settings::text from user_settings order by user_id`),
  };
}

describeEachDatabase(
  'admin access matrix',
  (env) => {
    const cookies: Partial<Record<Caller, string>> = {};
    const ids = { target: '', self: '', issue: '' };

    beforeAll(async () => {
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      const user = await signUpAndSignIn(env(), { name: 'Matrix User' });
      const pending = await signUpAndSignIn(env(), { name: 'Matrix Pending' });
      const apply = await env().request('/api/verification/apply', { cookie: pending.cookie, method: 'POST' });
      expect(apply.status).toBe(201);
      cookies.user = user.cookie;
      cookies.pending = pending.cookie;
      cookies.admin = admin.cookie;
      ids.target = pending.userId;
      ids.self = admin.userId;
      const contact = await env().request('/api/inbox/contact', {
        body: { name: 'Matrix Sender', email: 'sender@example.com', subject: 'Help', message: 'Please help' },
        ip: freshIp(),
      });
      expect(contact.status).toBe(201);
      ids.issue = ((await contact.json()) as { id: string }).id;
    });

    it('answers every method on every admin endpoint with the table status, and a denied call changes nothing', async () => {
      for (const caller of CALLERS) {
        const column = CALLERS.indexOf(caller) + 2;
        for (const row of MATRIX) {
          const [method, template] = row;
          const expected = row[column] as number;
          const path = template.replace(':target', ids.target).replace(':self', ids.self).replace(':issue', ids.issue);
          const denied = expected >= 400;
          const before = denied ? await snapshot(env()) : undefined;
          const res = await env().request(path, {
            method,
            cookie: cookies[caller],
            body: method === 'GET' ? undefined : bodyFor(template),
            ip: freshIp(),
          });
          expect(res.status, `${caller} ${method} ${template}`).toBe(expected);
          if (expected === 401) expect(await res.json()).toEqual({ error: 'Not authenticated' });
          if (expected === 403) {
            expect(await res.json()).toEqual({ error: 'Not authorised: this area is for administrators only' });
          }
          if (denied) expect(await snapshot(env()), `${caller} ${method} ${template}`).toEqual(before);
        }
      }
    });

    it('the admin calls that were allowed did what they say, and were logged', async () => {
      const logs = await env().db.execute(
        sql`select action_type, admin_user_id, target_user_id, details from admin_logs order by created_at`,
      );
      const list = (Array.isArray(logs) ? logs : (logs as { rows: unknown[] }).rows) as {
        action_type: string;
        admin_user_id: string;
        target_user_id: string | null;
        details: unknown;
      }[];
      expect(list.map((l) => l.action_type).sort()).toEqual([
        'issue_priority_update',
        'issue_status_update',
        'user_verification_update',
      ]);
      for (const log of list) expect(log.admin_user_id).toBe(ids.self);
      // The admin's own role never changed (there is no role endpoint).
      const role = await env().db.execute(sql`select role from users where id = ${ids.self}`);
      const [roleRow] = (Array.isArray(role) ? role : (role as { rows: unknown[] }).rows) as { role: string }[];
      expect(roleRow?.role).toBe('admin');
    });
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);

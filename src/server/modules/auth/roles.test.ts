import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runAdminRoleCli, USAGE } from '../../cli/admin-role.ts';
import { adminLogs, user } from '../../db/schema/index.ts';
import {
  describeEachDatabase,
  expectOnceNotified,
  getSession,
  signUpAndSignIn,
  type TestEnv,
} from '../../test/harness.ts';
import { setUserRole } from './roles.ts';

/** Runs the CLI against the test database (which it must not close) and captures its output. */
async function cli(env: TestEnv, argv: string[], vars: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminRoleCli(
    argv,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    {
      env: { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...vars },
      openDb: async () => ({ db: env.db, driver: env.driver, close: async () => {} }),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const roleOf = async (env: TestEnv, email: string) =>
  (await env.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;

describeEachDatabase('admin role changes', (env) => {
  it('grants and revokes by email in any letter case, and logs each change', async () => {
    const { email, userId, cookie } = await signUpAndSignIn(env());

    const granted = await setUserRole(env().db, email.toUpperCase(), 'admin', { source: 'test' });
    expect(granted).toEqual({ userId, email, previousRole: 'user', role: 'admin', changed: true });
    expect(await roleOf(env(), email)).toBe('admin');
    // In force for the signed-in session as soon as this server hears of it (at once on PGlite).
    expect((await getSession(env(), cookie))?.user.role).toBe('admin');
    await expectOnceNotified(env(), async () => (await env().request('/api/admin/access', { cookie })).status, 200);

    const again = await setUserRole(env().db, ` ${email} `, 'admin', { source: 'test' });
    expect(again?.changed).toBe(false);

    const revoked = await setUserRole(env().db, email, 'user', { source: 'test' });
    expect(revoked).toMatchObject({ previousRole: 'admin', role: 'user', changed: true });
    await expectOnceNotified(env(), async () => (await env().request('/api/admin/access', { cookie })).status, 403);

    const logs = await env().db.select().from(adminLogs).where(eq(adminLogs.targetUserId, userId));
    expect(logs.map((l) => [l.actionType, l.details])).toEqual(
      expect.arrayContaining([
        ['admin_role_granted', { previousRole: 'user', role: 'admin', source: 'test' }],
        ['admin_role_revoked', { previousRole: 'admin', role: 'user', source: 'test' }],
      ]),
    );
    expect(logs).toHaveLength(2); // the no-op wrote nothing
  });

  it('answers null for an unknown email and changes nothing', async () => {
    const before = await env().db.select().from(adminLogs);
    expect(await setUserRole(env().db, 'nobody@example.com', 'admin', { source: 'test' })).toBeNull();
    expect(await env().db.select().from(adminLogs)).toHaveLength(before.length);
  });

  it('CLI: grant and revoke print what they did', async () => {
    const { email } = await signUpAndSignIn(env());

    const grant = await cli(env(), ['grant', email.toUpperCase()]);
    expect(grant).toMatchObject({ code: 0, err: '' });
    expect(grant.out).toMatch(new RegExp(`^Granted the admin role to ${email} \\(`));
    expect(await roleOf(env(), email)).toBe('admin');

    const noop = await cli(env(), ['grant', email]);
    expect(noop.code).toBe(0);
    expect(noop.out).toContain(`${email} already has the admin role; nothing changed`);

    const revoke = await cli(env(), ['revoke', email]);
    expect(revoke).toMatchObject({ code: 0, err: '' });
    expect(revoke.out).toContain(`Revoked the admin role of ${email}`);
    expect(await roleOf(env(), email)).toBe('user');
  });

  it('CLI: warns when a revoked account is still listed in ADMIN_EMAILS', async () => {
    const { email } = await signUpAndSignIn(env());
    await cli(env(), ['grant', email]);
    const revoke = await cli(env(), ['revoke', email], { ADMIN_EMAILS: email });
    expect(revoke.code).toBe(0);
    expect(revoke.err).toContain(`${email} is listed in ADMIN_EMAILS`);
  });

  it('CLI: fails with a clear message for an unknown email', async () => {
    const res = await cli(env(), ['grant', 'nobody@example.com']);
    expect(res.code).toBe(1);
    expect(res.out).toBe('');
    expect(res.err).toBe(
      'No account has the email nobody@example.com. It must sign up first (or list it in ADMIN_EMAILS to make it an admin when it does).',
    );
  });

  it.each([
    [[], 'Unknown command ""'],
    [['promote', 'a@example.com'], 'Unknown command "promote"'],
    [['grant'], 'Missing the email of the account to grant.'],
    [['revoke'], 'Missing the email of the account to revoke.'],
    [['grant', 'a@example.com', 'b@example.com'], 'One email at a time'],
    [['grant', 'not-an-email'], '"not-an-email" is not an email address.'],
  ])('CLI: %j is a usage error', async (argv, message) => {
    const res = await cli(env(), argv);
    expect(res.code).toBe(2);
    expect(res.err).toContain(message);
    expect(res.err).toContain(USAGE);
  });

  it('CLI: stops on bad configuration, naming the variable', async () => {
    const res = await cli(env(), ['grant', 'a@example.com'], { DATABASE_URL: 'mysql://nope' });
    expect(res.code).toBe(1);
    expect(res.err).toContain('DATABASE_URL');
  });
});

/**
 * Who has which role, and the only ways it changes: setUserRole (the admin CLI, audited in
 * admin_logs) and ADMIN_EMAILS (at sign-up and sign-in, through Better Auth's hooks). No API
 * endpoint changes a role; requireAdmin (middleware.ts) is where the role is checked.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminLogs, user } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleChange {
  userId: string;
  email: string;
  previousRole: string;
  role: Role;
  /** False when the account already had the role (nothing was written). */
  changed: boolean;
}

/**
 * Gives the account with `email` (any letter case) the role `role`, and records the change in
 * admin_logs in the same transaction. Answers null when no account has that email. Sessions read
 * the role from the database, so the change holds from the account's next request.
 */
export async function setUserRole(
  db: Db,
  email: string,
  role: Role,
  opts: { source: string; adminUserId?: string | null },
): Promise<RoleChange | null> {
  const wanted = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, wanted))
      .for('update');
    if (!account) return null;
    const change: RoleChange = {
      userId: account.id,
      email: account.email,
      previousRole: account.role,
      role,
      changed: account.role !== role,
    };
    if (!change.changed) return change;
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, account.id));
    await tx.insert(adminLogs).values({
      adminUserId: opts.adminUserId ?? null,
      actionType: role === 'admin' ? 'admin_role_granted' : 'admin_role_revoked',
      targetUserId: account.id,
      details: { previousRole: account.role, role, source: opts.source },
    });
    return change;
  });
}

/**
 * ADMIN_EMAILS (env.ts; lower-cased there): a listed address is created with the admin role, and
 * an existing listed account is given it at each sign-in. It is configuration, not an admin's
 * action, so it writes no admin_logs row.
 */
export function adminEmailRule(db: Db, adminEmails: readonly string[], logger: Logger) {
  const listed = new Set(adminEmails);
  const isListed = (email: string) => listed.has(email.toLowerCase());
  return {
    /** The role a new account with this email is created with. */
    roleOfNewAccount: (email: string): Role => (isListed(email) ? 'admin' : 'user'),
    /** Gives the account the admin role when its email is listed (after it signed in). */
    async grantIfListed(account: { id: string; email: string }) {
      if (!isListed(account.email)) return;
      await db.update(user).set({ role: 'admin' }).where(eq(user.id, account.id));
      logger.info('admin role granted from ADMIN_EMAILS', { userId: account.id });
    },
  };
}

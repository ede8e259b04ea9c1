/**
 * How Better Auth's one-time tokens are kept (its `verifications` table): never as they are.
 *
 * - Stored hashed: Better Auth keys each row by an identifier holding the token (a password reset
 *   link's is `reset-password:<token>`). With `verification.storeIdentifier` it stores and looks
 *   up a hash of it instead; ours is SHA-256 (base64url) with the identifier's kind kept in front
 *   (`reset-password:<hash>`), so a kind's rows can still be found. Someone who reads the table (a
 *   backup, a leaked dump) cannot use a link from it.
 * - A new reset link revokes the account's older ones (revokeOlderResetLinks).
 *
 * Single use is Better Auth's: resetting consumes the row. Email confirmation links are not
 * stored at all: Better Auth signs them (a JWT with the address and an expiry), and following one
 * again after the address is confirmed changes nothing.
 */
import { createHash } from 'node:crypto';
import { and, eq, like, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verification } from '../../db/schema/index.ts';

export const RESET_PASSWORD_KIND = 'reset-password';

/** The identifier Better Auth stores for `identifier`: its kind, then the SHA-256 of the whole. */
export function storedIdentifier(identifier: string): string {
  const digest = createHash('sha256').update(identifier).digest('base64url');
  const kind = /^([a-z0-9-]+):/.exec(identifier)?.[1];
  return kind ? `${kind}:${digest}` : digest;
}

/** Better Auth's `verification.storeIdentifier` option for storedIdentifier. */
export const hashedIdentifiers = { hash: async (identifier: string) => storedIdentifier(identifier) };

/**
 * Better Auth's verification create.after hook: once a reset link is stored, the account's reset
 * links issued before it are deleted, so only the newest one mailed works.
 */
export function revokeOlderResetLinks(db: Db) {
  return async (row: { id: string; identifier: string; value: string; createdAt: Date }) => {
    if (!row.identifier.startsWith(`${RESET_PASSWORD_KIND}:`)) return;
    await db
      .delete(verification)
      .where(
        and(
          eq(verification.value, row.value),
          like(verification.identifier, `${RESET_PASSWORD_KIND}:%`),
          ne(verification.id, row.id),
          lt(verification.createdAt, row.createdAt),
        ),
      );
  };
}

/**
 * A code from the authenticator app is accepted once (RFC 6238 section 5.2: "the verifier MUST NOT
 * accept the second attempt of the OTP after the successful validation has been issued for the
 * first OTP"). The two-factor plugin accepts a code for its 30-second step and one either side, so
 * a code seen over someone's shoulder, or replayed from a proxy log, would otherwise complete a
 * second sign-in for up to 90 seconds.
 *
 * Each accepted code is claimed in `used_totp_codes` (migration 0031_security) as the plugin accepts it
 * (hooks.ts, after verify-totp): one INSERT ... ON CONFLICT that succeeds only when the same code
 * was not claimed for the account within CODE_LIFETIME_MS, so two sign-ins racing with one code get
 * one session between them. Only a hash of the account and the code is kept.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

/** How long a code can be valid: its own step and one either side (two-factor.ts's window). */
export const CODE_LIFETIME_MS = 3 * 30_000;

const codeHash = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}\n${code.trim()}`, 'utf8').digest('hex');

/**
 * Claims `code` for `userId` at `now`: true when it was not used within its lifetime (it is now),
 * false when it was. Forgets the account's claims that can no longer matter.
 */
export async function claimTotpCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const stale = new Date(now.getTime() - CODE_LIFETIME_MS).toISOString();
  const claimed = await queryRows<{ claimed: number }>(
    db,
    sql`insert into used_totp_codes (user_id, code_hash, used_at)
        values (${userId}, ${codeHash(userId, code)}, ${at}::timestamptz)
        on conflict (user_id, code_hash) do update set used_at = excluded.used_at
          where used_totp_codes.used_at <= ${stale}::timestamptz or used_totp_codes.used_at > ${at}::timestamptz
        returning 1 as claimed`,
  );
  await db.execute(sql`delete from used_totp_codes where user_id = ${userId} and used_at <= ${stale}::timestamptz`);
  return claimed.length > 0;
}

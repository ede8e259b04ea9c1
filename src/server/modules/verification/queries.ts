import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import type { VerificationStatus } from '../../../shared/verification.ts';

/** The signed-in user's own verification status (every account has a profile; null if it was deleted meanwhile). */
export async function getVerificationStatus(db: Db, userId: string): Promise<VerificationStatus | null> {
  const [row] = await db
    .select({ status: profiles.verificationStatus })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.status ?? null;
}

export type ApplyResult = { ok: true; status: 'pending' } | { ok: false; status: VerificationStatus | null };

/**
 * Applies for verification: unverified → pending, in one conditional UPDATE so two concurrent
 * applications cannot both succeed. Otherwise answers the status that stood in the way.
 */
export async function applyForVerification(db: Db, userId: string): Promise<ApplyResult> {
  const [row] = await db
    .update(profiles)
    .set({ verificationStatus: 'pending' })
    .where(and(eq(profiles.userId, userId), eq(profiles.verificationStatus, 'unverified')))
    .returning({ status: profiles.verificationStatus });
  if (row) return { ok: true, status: 'pending' };
  return { ok: false, status: await getVerificationStatus(db, userId) };
}

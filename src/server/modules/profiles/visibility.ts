/**
 * The one rule for whether a profile's record (statistics, bets, achievements, ledger, link
 * preview) is public, in SQL for queries over many profiles and in TypeScript for one profile
 * already read. Public means: its owner has confirmed their email, and the stored setting is
 * exactly JSON `true`. A missing settings row, a missing key or anything unexpected in the JSON
 * keeps the record private. Its owner and admins see it either way. To everyone else, a private
 * profile, and one whose owner has not confirmed their email, does not exist (404, as for a
 * missing one, on the API as on the page): neither reveals that its username is in use.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The stored setting as a boolean, for a `user_settings` row aliased `settings` (which may be a
 * left join's null row): true only for JSON `true`.
 */
export const settingIsPublicSql = (settings: string): SQL =>
  sql.raw(`coalesce((${settings}.privacy_settings -> 'profile_public') = 'true'::jsonb, false)`);

/** The rule in SQL, over a `user_settings` row aliased `settings` and a `users` row aliased `users`. */
export const recordIsPublicSql = (settings: string, users: string): SQL =>
  sql`(${settingIsPublicSql(settings)} and ${sql.raw(`${users}.email_verified`)})`;

/** What the rule reads of a profile. */
export interface Visibility {
  userId: string;
  /** The owner's setting (settingIsPublicSql). */
  profilePublic: boolean;
  emailVerified: boolean;
}

export const recordIsPublic = (p: Pick<Visibility, 'profilePublic' | 'emailVerified'>): boolean =>
  p.profilePublic && p.emailVerified;

/**
 * Who is looking: nobody signed in, or a user and whether their session has admin powers (the one
 * rule, modules/auth/middleware.ts adminPowers: with ADMIN_REQUIRE_2FA, a session that signed in
 * with a second factor).
 */
export type Viewer = { id: string; isAdmin: boolean } | null;

/**
 * The record as a viewer may see it: 'public'; 'privileged' for its owner (or an admin) when it is
 * not; otherwise 'absent' (answered like a missing profile).
 */
export function recordAccess(p: Visibility, viewer: Viewer): 'public' | 'privileged' | 'absent' {
  if (recordIsPublic(p)) return 'public';
  if (viewer && (viewer.id === p.userId || viewer.isAdmin)) return 'privileged';
  return 'absent';
}

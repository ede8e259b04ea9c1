import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

import { VERIFICATION_STATUSES } from '../../../shared/profiles.ts';

/**
 * One per account, created with it by the `create_profile_for_new_user` trigger (db/functions/
 * create_profile_for_new_user.sql) so an account never exists without its profile and settings; its username is a neutral
 * `bettor_xxxxxx` until the owner picks one. Usernames are stored lowercase, which makes the plain
 * unique constraint case-insensitive.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    username: text('username').notNull().unique(),
    displayName: text('display_name'),
    verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('unverified'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One rule for chosen names and the neutral ones the sign-up trigger draws (shared/usernames.ts);
    // a trigger also refuses the reserved names (profiles_username_not_reserved).
    check('profiles_username_format', sql`${t.username} ~ '^[a-z0-9_.]{3,30}$'`),
    check('profiles_verification_status', sql`${t.verificationStatus} in ('unverified', 'pending', 'verified')`),
  ],
);

export interface PrivacySettings {
  profile_public: boolean;
}

/** Social links as saved (validated by socialLinksSchema); a missing or empty key is unset. */
export type StoredSocialLinks = Partial<Record<'twitter' | 'instagram' | 'youtube' | 'website', string>>;

export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `profile_public` is the profile's visibility flag: false hides stats, bets and achievements. */
    privacySettings: jsonb('privacy_settings').$type<PrivacySettings>().notNull().default({ profile_public: true }),
    socialLinks: jsonb('social_links').$type<StoredSocialLinks>().notNull().default({}),
    /**
     * The owner's unit size (null: not set): stakes and profit are shown in units as well as dollars
     * (migration 0019; CHECK user_settings_unit_size_range: 0.01 to 1,000,000, like a stake).
     */
    unitSize: numeric('unit_size', { precision: 12, scale: 2 }),
  },
  (t) => [check('user_settings_unit_size_range', sql`${t.unitSize} is null or ${t.unitSize} between 0.01 and 1000000`)],
);

/**
 * Words no profile may use as its username, which a trigger on profiles checks (db/functions/profiles_refuse_reserved_username.sql);
 * synced from src/shared/usernames.ts at boot.
 */
export const reservedUsernames = pgTable('reserved_usernames', {
  name: text('name').primaryKey(),
});

import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Better Auth's tables. The object keys (user, session, account, verification, rateLimit) are the
 * model names Better Auth's Drizzle adapter looks up; the SQL names follow our snake_case plural style.
 */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** 'user' or 'admin'; never accepted from a client (see auth.ts). */
  role: text('role').notNull().default('user'),
  /** Set by Better Auth's two-factor plugin once the first authenticator code was confirmed. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /**
   * When the holder confirmed being 18 or older at sign-up (migration 0017: required on every new
   * account, never changed; null only for accounts from before the form asked).
   */
  ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
  ...timestamps,
});

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * Completed with a second factor (migration 0031_security): what admin powers ask of a session under
     * ADMIN_REQUIRE_2FA (modules/auth/middleware.ts). Better Auth makes every session false.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's rate-limit counters, kept in the database so limits hold across restarts. */
export const rateLimit = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed sign-ins, each with the account's email and the client's limit key (client-address.ts),
 * for the slow-down per (account, client) and per client, and the owner's alert
 * (modules/auth/sign-in-failures.ts). Rows older than an hour count for nothing and are pruned.
 */
export const signInFailure = pgTable(
  'sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    client: text('client').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_email_created_idx').on(t.email, t.createdAt),
    index('sign_in_failures_client_created_idx').on(t.client, t.createdAt),
  ],
);

/** When an account's owner was last mailed about failed sign-ins (at most once an hour). */
export const signInAlert = pgTable('sign_in_alerts', {
  email: text('email').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * Mails sent, per recipient (a SHA-256 of the lower-cased address, not the address), for the cap
 * on mails per recipient and hour (modules/auth/mail-quota.ts). Rows older than an hour are pruned.
 */
export const mailSend = pgTable(
  'mail_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_sends_recipient_sent_idx').on(t.recipient, t.sentAt)],
);

/**
 * Better Auth's two-factor plugin (model twoFactor): an account's TOTP secret and recovery codes,
 * both encrypted with AUTH_SECRET by Better Auth. One row per account; `verified` stays false
 * until the first code from the authenticator app is confirmed. failedVerificationCount and
 * lockedUntil are the plugin's per-account lock on wrong codes at sign-in.
 */
export const twoFactor = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

/**
 * Authenticator codes already accepted (migration 0031_security), kept while they could still be valid so
 * none is accepted twice (modules/auth/totp-once.ts): a SHA-256 of the account and the code.
 */
export const usedTotpCode = pgTable(
  'used_totp_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ALG_ED25519, parseSignerKey } from '../shared/log/note.ts';
import { QUOTA_DEFAULTS } from '../shared/quotas.ts';
import { DELETE_WINDOW_MINUTES } from '../shared/bets.ts';
import { parseEventFeeds, type FeedConfig } from './modules/events/feeds/config.ts';
import { parseAuthorityList, parseWitnessList, type WitnessConfig } from '../shared/log/witness-protocol.ts';
import { SITE_CONTACT_ENV, siteContactSchema, type SiteContact } from '../shared/site-contact.ts';

/** A URL of one of `protocols` (each like 'https:'). */
const urlOf = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), hint)
    .optional();

/** The public origin: http(s), no path, query or fragment (mailed links and the Origin check are built on it). */
const origin = z
  .string()
  .trim()
  .refine((v) => {
    if (!URL.canParse(v) || /[?#]/.test(v)) return false;
    const url = new URL(v);
    return ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.username && !url.password;
  }, 'must be an http:// or https:// origin with no path, like https://betproof.example')
  // As browsers send it in the Origin header: lowercase host, no default port, no trailing slash.
  .transform((v) => new URL(v).origin)
  .optional();

const PORT_MESSAGE = 'must be a whole number from 1 to 65535';

/** A whole number of at least `min` (a count, a size, milliseconds). */
const wholeNumber = (min: number) => {
  const message = `must be a whole number of at least ${min}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(Number.MAX_SAFE_INTEGER, message);
};

/**
 * PostgreSQL's rule of thumb for connections kept busy: twice the cores, plus one. Enough to keep
 * the database working while requests wait on the network, few enough that a flood of requests
 * queues in the pool instead of crowding the database (and several servers fit its
 * max_connections: see docs/DEPLOY.md).
 */
export const defaultPoolSize = 2 * availableParallelism() + 1;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  /** PostgreSQL connections per server; by default sized to the machine (PGlite is one connection). */
  DB_POOL_SIZE: wholeNumber(1).default(defaultPoolSize),
  /** PostgreSQL cancels a statement running longer than this; 0: never (PGlite cannot, see SECURITY.md). */
  DB_STATEMENT_TIMEOUT_MS: wholeNumber(0).default(10_000),
  /**
   * A request's body must have arrived within this long of the request (http.ts bodyDeadline): a
   * body sent a byte at a time would otherwise hold its socket, and its user's write queue, for as
   * long as Node's own request timeout (300 s).
   */
  BODY_DEADLINE_MS: wholeNumber(1).default(30_000),
  /** Per-user quotas (quotas.ts): writes, and each heavy read (analytics, the CSV export). */
  WRITE_QUOTA_PER_MINUTE: wholeNumber(1).default(QUOTA_DEFAULTS.writesPerMinute),
  WRITE_QUOTA_PER_DAY: wholeNumber(1).default(QUOTA_DEFAULTS.writesPerDay),
  HEAVY_READ_QUOTA_PER_MINUTE: wholeNumber(1).default(QUOTA_DEFAULTS.heavyReadsPerMinute),
  HEAVY_READ_QUOTA_PER_DAY: wholeNumber(1).default(QUOTA_DEFAULTS.heavyReadsPerDay),
  /** Bytes of public ledger downloads per client address a minute (edge/download-budget.ts). */
  LEDGER_DOWNLOAD_BYTES_PER_MINUTE: wholeNumber(1).default(QUOTA_DEFAULTS.ledgerDownloadBytesPerMinute),
  BASE_URL: origin,
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('betproof <no-reply@betproof.local>'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .superRefine((emails, ctx) => {
      for (const email of emails) {
        if (!z.email().safeParse(email).success) {
          ctx.addIssue({ code: 'custom', message: `"${email}" is not a valid email address` });
        }
      }
    }),
  /** Behind a load balancer, take the client address from X-Forwarded-For (else the socket's). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The admin dashboard and every /api/admin endpoint answer 403 to an admin until their account
   * has two-factor sign-in on (modules/auth/middleware.ts requireAdmin).
   */
  ADMIN_REQUIRE_2FA: z
    .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  // The contact details on the contact and legal pages (shared/site-contact.ts); unset: left out.
  SUPPORT_EMAIL: siteContactSchema.shape.supportEmail,
  SUPPORT_PHONE: siteContactSchema.shape.supportPhone,
  /** Postal address, lines separated by `|`. */
  OFFICE_ADDRESS: z
    .string()
    .transform((v) =>
      v
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(siteContactSchema.shape.officeAddress.unwrap())
    .optional(),
  ADVERTISING_EMAIL: siteContactSchema.shape.advertisingEmail,
  PRIVACY_EMAIL: siteContactSchema.shape.privacyEmail,
  LEGAL_EMAIL: siteContactSchema.shape.legalEmail,
  // The operator's social accounts on the Follow page, and any follower counts they state.
  SOCIAL_X_URL: siteContactSchema.shape.socialX,
  SOCIAL_X_FOLLOWERS: siteContactSchema.shape.socialXFollowers,
  SOCIAL_INSTAGRAM_URL: siteContactSchema.shape.socialInstagram,
  SOCIAL_INSTAGRAM_FOLLOWERS: siteContactSchema.shape.socialInstagramFollowers,
  SOCIAL_TELEGRAM_URL: siteContactSchema.shape.socialTelegram,
  SOCIAL_TELEGRAM_FOLLOWERS: siteContactSchema.shape.socialTelegramFollowers,
  SOCIAL_TWITCH_URL: siteContactSchema.shape.socialTwitch,
  SOCIAL_TWITCH_FOLLOWERS: siteContactSchema.shape.socialTwitchFollowers,
  SOCIAL_TIKTOK_URL: siteContactSchema.shape.socialTiktok,
  SOCIAL_TIKTOK_FOLLOWERS: siteContactSchema.shape.socialTiktokFollowers,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Feeds of fixtures and results pulled on a schedule (modules/events/feeds/config.ts for the
   * syntax, docs/FEEDS.md); unset: none.
   */
  EVENT_FEEDS: z
    .string()
    .default('')
    .transform((text, ctx): FeedConfig[] => {
      const result = parseEventFeeds(text);
      if (result.ok) return result.feeds;
      for (const message of result.errors) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
  /**
   * The transparency log's signing key (docs/LOG.md), a signed-note signer key
   * `PRIVATE+KEY+<origin>+<key ID>+<key>`; unset: generated into DATA_DIR on first start.
   */
  LOG_SIGNING_KEY: z
    .string()
    .trim()
    .refine((v) => {
      try {
        return parseSignerKey(v).alg === ALG_ED25519;
      } catch {
        return false;
      }
    }, 'must be an Ed25519 signed-note signer key, PRIVATE+KEY+<origin>+<key ID>+<key> (see docs/LOG.md)')
    .optional(),
  /**
   * RFC 3161 Time-Stamp Authorities that stamp each new checkpoint (docs/LOG.md, decision 042):
   * http(s) URLs, one per line or comma; unset: none.
   */
  TIMESTAMP_AUTHORITIES: z
    .string()
    .default('')
    .transform((text, ctx): string[] => {
      const result = parseAuthorityList(text);
      if (result.ok) return result.urls;
      for (const message of result.errors) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
  /**
   * Witnesses asked to cosign each new checkpoint (C2SP tlog-witness; docs/LOG.md, decision 043):
   * `<cosignature/v1 verifier key> <submission URL>`, one per line or comma; unset: none.
   */
  LOG_WITNESSES: z
    .string()
    .default('')
    .transform((text, ctx): WitnessConfig[] => {
      const result = parseWitnessList(text);
      if (result.ok) return result.witnesses;
      for (const message of result.errors) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
  /**
   * A JSON file of help lines and self-exclusion tools by country (the shape of
   * src/shared/help-resources.json, the list used when unset), read when first asked for.
   */
  HELP_RESOURCES_FILE: z.string().min(1).optional(),
  /** How often the background step looks for monthly statements to send (0: never, on this server). */
  STATEMENT_SWEEP_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  /**
   * How long a recorded pick waits before its followers are told (docs/decisions/045): a pick
   * deleted within it is never announced. The default is the delete window (DELETE_WINDOW_MINUTES):
   * past it a pick can no longer be deleted, so nothing announced is ever taken back.
   */
  NOTIFY_GRACE_MINUTES: z.coerce.number().int().min(0).max(1440).default(DELETE_WINDOW_MINUTES),
  /** How often the notification job runs on the embedded database (on PostgreSQL, pg-boss's minute). */
  NOTIFY_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Web Push's VAPID key pair (base64url, `npx web-push generate-vapid-keys`); push is off without them. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (npx web-push generate-vapid-keys)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
    .default('mailto:admin@betproof.local'),
  /**
   * End-to-end tests only: a request may shift the server's clock for itself with the
   * X-Test-Clock-Offset header (see test-clock.ts). Refused in production.
   */
  TEST_CLOCK_HEADER: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'BASE_URL' | 'AUTH_SECRET'> & {
  BASE_URL: string;
  AUTH_SECRET: string;
};

export class ConfigError extends Error {}

/**
 * Validates the environment; a bad value stops the server with a message naming the variable.
 * An unset, empty or blank variable means "use the default" (as `VAR=` in a .env file does).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.NODE_ENV === 'production' && !cfg.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)');
  }
  if (cfg.NODE_ENV === 'production' && cfg.TEST_CLOCK_HEADER) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK_HEADER: a test-only setting, never allowed in production',
    );
  }
  if ((cfg.VAPID_PUBLIC_KEY === undefined) !== (cfg.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return {
    ...cfg,
    BASE_URL: cfg.BASE_URL ?? `http://localhost:${cfg.PORT}`,
    AUTH_SECRET: cfg.AUTH_SECRET ?? loadOrCreateDevSecret(cfg.DATA_DIR),
  };
}

/** The contact details the pages show: the ones set in the environment, nothing else. */
export function siteContactOf(config: Config): SiteContact {
  const contact: SiteContact = {};
  for (const [key, variable] of Object.entries(SITE_CONTACT_ENV) as [keyof SiteContact, keyof Config][]) {
    const value = config[variable];
    if (value !== undefined) Object.assign(contact, { [key]: value });
  }
  return contact;
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function loadOrCreateDevSecret(dataDir: string): string {
  // An in-memory database (tests) keeps nothing on disk; neither does its secret.
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    // A truncated or hand-edited file would make a weak key: replace it.
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

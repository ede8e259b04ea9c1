/**
 * Better Auth's setup: createAuth puts together the options (database, sessions, email
 * confirmation, password storage, rate limits, logging) from this module's concerns, one file
 * each: which endpoints are served (endpoints.ts), the checks and hooks around them (hooks.ts),
 * the mails (mail-hooks.ts), hashing (password.ts), rate limits (rate-limits.ts), ADMIN_EMAILS
 * (roles.ts) and two-factor sign-in (two-factor.ts). Auth and SessionUser are the types the rest
 * of the app and the client use.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts';
import { AUTH_BASE_PATH, DISABLED_AUTH_PATHS, servingEnabledEndpoints } from './endpoints.ts';
import { authHooks } from './hooks.ts';
import { mailHooks } from './mail-hooks.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { CLIENT_IP_HEADER, clarifyRateLimit, rateLimits } from './rate-limits.ts';
import { adminEmailRule } from './roles.ts';
import { withSafeCallbacks } from './callback-urls.ts';
import { capMailsPerRecipient, registerMailer } from './mail-quota.ts';
import { hashedIdentifiers, revokeOlderResetLinks } from './verification-tokens.ts';
import { twoFactorPlugin } from './two-factor.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

export function createAuth({ db, config, mailer: anyMailer, logger, now }: AuthDeps) {
  // Every mail of ours goes through the per-recipient cap (mail-quota.ts).
  const mailer = capMailsPerRecipient(anyMailer, { db, now, logger });
  const https = config.BASE_URL.startsWith('https://');
  const admins = adminEmailRule(db, config.ADMIN_EMAILS, logger);
  const mails = mailHooks({ config, mailer });
  // Mails we start ourselves go out after the response too; a failure is logged.
  const inBackground = (what: string, sending: Promise<void>) =>
    void sending.catch((error: unknown) => logger.error(`auth: ${what} mail failed`, { error: String(error) }));
  const hooks = authHooks({
    db,
    now,
    admins,
    alertOwner: (email) => inBackground('sign-in alert', mails.signInAttempts(email)),
  });

  const auth = betterAuth({
    appName: 'betproof',
    baseURL: config.BASE_URL,
    basePath: AUTH_BASE_PATH,
    secret: config.AUTH_SECRET,
    disabledPaths: DISABLED_AUTH_PATHS,
    trustedOrigins: [config.BASE_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // When the holder confirmed being 18 or older: set by the create hook below, never from a
        // body, and not part of what the session tells the client.
        ageConfirmedAt: { type: 'date', required: false, input: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async (reset) => {
        await hooks.onPasswordReset(reset);
        inBackground('password changed', mails.passwordChanged(reset));
      },
      onExistingUserSignUp: mails.onExistingUserSignUp,
      sendResetPassword: mails.sendResetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The link proves the mailbox: it signs the new account in once, where the sign-up began.
      // Following it again only redirects (Better Auth signs in only while the address is unconfirmed).
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: mails.sendVerificationEmail,
    },
    // Reset links are stored as a SHA-256 of their token, and a new one revokes the older ones
    // (verification-tokens.ts).
    verification: { storeIdentifier: hashedIdentifiers },
    session: {
      // Completed with a second factor (migration 0031_security): set by the two-factor endpoints' hook,
      // read by adminPowers (middleware.ts). Never from a body.
      additionalFields: {
        secondFactor: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
      expiresIn: 7 * 24 * 60 * 60,
      // Extend the session at most once a day while it is in use.
      updateAge: 24 * 60 * 60,
    },
    rateLimit: rateLimits,
    advanced: {
      // Under https every cookie is Secure and named __Host-…: a browser then takes it only from
      // this exact host over https with Path=/ and no Domain, so neither a sibling subdomain nor a
      // plain-http page can set or shadow it. Better Auth's own secure prefix is __Secure-, so the
      // prefix is given as the cookie prefix, and Secure as an attribute.
      useSecureCookies: false,
      cookiePrefix: https ? '__Host-better-auth' : 'better-auth',
      defaultCookieAttributes: https ? { secure: true, path: '/' } : {},
      // The header holds the client's limit key (app.ts); an IPv6 one is already its /64.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      // Better Auth turns its Origin, CSRF and callback-URL checks off whenever NODE_ENV=test or
      // TEST is set; ours stay on everywhere, so tests exercise what production runs.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Mails go out after the response: an SMTP round trip must not tell a caller whether an
      // address has an account (password reset, duplicate sign-up). Failures are logged.
      backgroundTasks: { handler: () => {} },
    },
    databaseHooks: {
      user: {
        create: {
          // Accounts are created only by sign-up, which refuses a body without ageConfirmed: true
          // (hooks.ts); the database refuses an account without the time (migration 0017).
          before: async (user) => ({
            data: { ...user, role: admins.roleOfNewAccount(user.email), ageConfirmedAt: now() },
          }),
        },
      },
      verification: {
        create: { after: revokeOlderResetLinks(db) },
      },
    },
    hooks: { before: hooks.before, after: hooks.after },
    onAPIError: {
      // Without this, Better Auth prints refusals thrown by our hooks (a common password, a locked
      // account) to the console, past our logger and LOG_LEVEL. Refusals are routine: debug.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) {
          logger.debug('auth: request refused', { status: error.statusCode, code: error.body?.code });
        } else {
          const err = error instanceof Error ? error : new Error(String(error));
          logger.error('auth: unhandled error', { error: String(err), stack: err.stack });
        }
      },
    },
    logger: {
      level: 'error',
      log: (level, message) => logger[level](`auth: ${message}`),
    },
    telemetry: { enabled: false },
    plugins: [twoFactorPlugin()],
  });

  const serve = servingEnabledEndpoints(auth.handler);
  auth.handler = async (request: Request) => {
    const checked = await withSafeCallbacks(request, config.BASE_URL);
    if (checked instanceof Response) return checked;
    const response = await serve(checked);
    // A failure (the database down) answers like every other API failure; onAPIError logged it.
    if (response.status >= 500) return Response.json({ error: 'Internal Server Error' }, { status: 500 });
    return clarifyRateLimit(checked, response);
  };
  registerMailer(auth, mailer);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];

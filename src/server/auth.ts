import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import * as schema from './db/schema/index.ts';
import type { Config } from './env.ts';
import type { Logger } from './logger.ts';
import { actionMail, type Mailer } from './mail.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../shared/auth.ts';
import { paths } from '../shared/routes.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './modules/auth/password-policy.ts';
import {
  MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  countRecentSignInFailures,
  recordSignInFailure,
} from './modules/auth/sign-in-failures.ts';

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot choose it. */
export const CLIENT_IP_HEADER = 'x-betproof-client-ip';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

/** Paths whose body carries a new password, and the field it is in. */
const newPasswordField: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export function createAuth({ db, config, mailer, logger, now }: AuthDeps) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const isAdminEmail = (email: string) => adminEmails.has(email.toLowerCase());

  return betterAuth({
    appName: 'betproof',
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
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
      },
    }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
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
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          actionMail({
            to: user.email,
            subject: 'Reset your betproof password',
            intro: 'Someone (hopefully you) asked to reset the password of your betproof account.',
            action: 'Choose a new password',
            url,
            outro: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(
          actionMail({
            to: user.email,
            subject: 'Confirm your betproof email',
            intro: 'Welcome to betproof! Confirm your email address to complete your registration.',
            action: 'Confirm my email',
            url,
            outro: 'The link expires in 24 hours. If you did not sign up, ignore this email.',
          }),
        );
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      // Extend the session at most once a day while it is in use.
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      // Better Auth turns its limiter off outside production; ours is always on.
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: config.BASE_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, role: isAdminEmail(user.email) ? 'admin' : 'user' } }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = newPasswordField[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
        }
        if (ctx.path === '/sign-in/email') {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          if (typeof email === 'string') {
            const failures = await countRecentSignInFailures(db, email, now());
            if (failures >= MAX_FAILURES_PER_ACCOUNT_PER_HOUR) {
              throw new APIError('TOO_MANY_REQUESTS', {
                message:
                  'Too many failed sign-in attempts for this account. Please try again in an hour or reset your password.',
              });
            }
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const returned = ctx.context.returned;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (returned instanceof APIError && returned.statusCode === 401 && typeof email === 'string') {
          await recordSignInFailure(db, email, now());
          return;
        }
        const signedIn = ctx.context.newSession?.user;
        if (signedIn && isAdminEmail(signedIn.email)) {
          await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, signedIn.id));
          logger.info('admin role granted from ADMIN_EMAILS', { userId: signedIn.id });
        }
      }),
    },
    logger: {
      level: 'error',
      log: (level, message) => logger[level](`auth: ${message}`),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];

export const authRedirects = {
  afterVerification: `${paths.auth}?verified=1`,
  resetPassword: paths.resetPassword,
};

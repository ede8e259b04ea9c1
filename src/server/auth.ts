import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import * as schema from './db/schema/index.ts';
import type { Config } from './env.ts';
import type { Logger } from './logger.ts';
import { actionMail, type Mailer } from './mail.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailSchema, signUpSchema } from '../shared/auth.ts';
import { UNSTORABLE_TEXT_MESSAGE, findUnstorableText } from '../shared/text.ts';
import { paths } from '../shared/routes.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './modules/auth/password-policy.ts';
import {
  MAX_FAILURES_PER_ACCOUNT_PER_HOUR,
  clearSignInFailures,
  countRecentSignInFailures,
  recordSignInFailure,
} from './modules/auth/sign-in-failures.ts';

/** Where Better Auth is mounted. */
const AUTH_BASE_PATH = '/api/auth';

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot choose it. */
export const CLIENT_IP_HEADER = 'x-betproof-client-ip';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

/**
 * Better Auth endpoints betproof does not use, switched off (Better Auth answers them 404, which
 * our handler turns into the API's JSON 404). Each one the client and the spec do not need is
 * surface for no benefit: update-user takes any name and image (`javascript:alert(1)`) and
 * bypasses our profile rules, revoke-session answers 200 for a token that is not the caller's,
 * change-password and verify-password are password oracles no page offers, and the social and
 * OAuth-token ones serve providers we never configured. What stays on is exactly what the client
 * calls (src/client/features/auth) or mails: sign-up, sign-in, sign-out, get-session,
 * request-password-reset, reset-password and its mailed GET /reset-password/:token, and the
 * mailed GET /verify-email. A confirmation link is re-sent by signing in (sendOnSignIn), so
 * send-verification-email is off too. Better Auth matches these exactly, after trimming trailing
 * slashes; parameterised paths cannot be listed, see DISABLED_PATH_PREFIXES.
 * Turning one back on means a row in the access matrix (src/server/access-matrix.test.ts).
 */
export const DISABLED_AUTH_PATHS = [
  '/sign-in/social',
  '/verify-password',
  '/send-verification-email',
  '/change-email',
  '/change-password',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/delete-user/callback',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
  '/error',
];

/** Better Auth endpoints with a path parameter that are off: the OAuth callback (/callback/:id). */
export const DISABLED_PATH_PREFIXES = ['/callback/'];

/** Paths whose body carries a new password, and the field it is in. */
const newPasswordField: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** Where the auth flows send the browser; the client cannot import these, so the server applies them. */
export const authRedirects = {
  /** After following the confirmation link, unless the client asked for another page at sign-up. */
  afterVerification: `${paths.auth}?verified=1`,
  resetPassword: paths.resetPassword,
};

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address first. We have sent you a new confirmation link.';
export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid, has expired or was already used. Please request a new one.';
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-in attempts for this account. Please try again in an hour or reset your password.';

/**
 * Our input rules for a new password, with the same messages the client's forms show
 * (Better Auth's own are terse: "Password too short").
 */
function assertAcceptablePassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new APIError('BAD_REQUEST', { message: PASSWORD_TOO_SHORT_MESSAGE, code: 'PASSWORD_TOO_SHORT' });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', { message: PASSWORD_TOO_LONG_MESSAGE, code: 'PASSWORD_TOO_LONG' });
  }
  if (isCommonPassword(password)) {
    throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
  }
}

/** The sign-up email, trimmed, or a 400 with the client form's message. */
function acceptableEmail(email: unknown): string {
  const parsed = emailSchema.safeParse(typeof email === 'string' ? email : '');
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_EMAIL' });
  }
  return parsed.data;
}

/** Body fields that are hashed, never stored as text: any characters may be in a password. */
const PASSWORD_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

/**
 * A 400 for a body holding text the database cannot store exactly (a NUL fails the query, a 500;
 * an unpaired surrogate would be stored as U+FFFD): Better Auth looks up or inserts it as it is.
 */
function assertStorableText(body: Record<string, unknown> | undefined) {
  const fields = body && typeof body === 'object' ? Object.entries(body).filter(([k]) => !PASSWORD_FIELDS.has(k)) : [];
  const at = findUnstorableText(Object.fromEntries(fields));
  if (at !== null) {
    throw new APIError('BAD_REQUEST', {
      message: `${at.slice(0, 64)}: ${UNSTORABLE_TEXT_MESSAGE}`,
      code: 'INVALID_TEXT',
    });
  }
}

/** Far deeper than any body the auth endpoints take (they are flat objects). */
const MAX_BODY_DEPTH = 16;

/**
 * A 400 for a body nested deeper than MAX_BODY_DEPTH: Better Auth merges the context our hook
 * returns into the request's with a recursive function, which overflows the call stack (a 500)
 * on a body some thousands of levels deep. Walked with its own stack for the same reason.
 */
function assertShallowBody(body: unknown) {
  const pending: [unknown, number][] = [[body, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw new APIError('BAD_REQUEST', { message: 'The request body is nested too deeply', code: 'BODY_TOO_DEEP' });
    }
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
}

/**
 * The keys a sign-up body may carry: what our sign-up form sends through Better Auth's client
 * (email, password, name, callbackURL) and rememberMe, which that client may add. Better Auth
 * itself also takes `image` (any text, any length, stored on the user though no page shows it)
 * and passes any other key on to the user's fields.
 */
const SIGN_UP_KEYS = new Set(['email', 'password', 'name', 'callbackURL', 'rememberMe']);

/** A 400 naming each key of a sign-up body that is not in SIGN_UP_KEYS (like the API's "Unknown field"). */
function assertKnownSignUpKeys(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((key) => !SIGN_UP_KEYS.has(key));
  if (unknown.length === 0) return;
  throw new APIError('BAD_REQUEST', {
    message: unknown.map((key) => `${key.slice(0, 64)}: Unknown field`).join('; '),
    code: 'UNKNOWN_FIELD',
  });
}

/**
 * The sign-up's full name, trimmed, with the sign-up form's rule (it becomes the profile's display
 * name); absent or null is ''. A name of another type goes on as it is, for Better Auth to refuse.
 */
function acceptableName(name: unknown): unknown {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string') return name;
  const parsed = signUpSchema.shape.fullName.safeParse(name);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]!.message, code: 'INVALID_NAME' });
  }
  return parsed.data;
}

/**
 * Better Auth's rate limiter answers every path with "Too many requests. Please try again later.";
 * say which action was limited and for how long, and send the standard Retry-After header too.
 */
async function clarifyRateLimit(request: Request, response: Response): Promise<Response> {
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status !== 429 || retryAfter === null) return response;
  const path = new URL(request.url).pathname;
  const what = path.endsWith('/sign-in/email')
    ? 'sign-in attempts'
    : path.endsWith('/sign-up/email')
      ? 'sign-up attempts'
      : path.endsWith('/request-password-reset')
        ? 'password reset requests'
        : 'requests';
  const seconds = Math.max(1, Number(retryAfter) || 60);
  const headers = new Headers(response.headers);
  headers.set('retry-after', String(seconds));
  return new Response(
    JSON.stringify({
      code: 'RATE_LIMITED',
      message: `Too many ${what} from your network. Please wait ${seconds} seconds and try again.`,
    }),
    { status: 429, headers },
  );
}

export function createAuth({ db, config, mailer, logger, now }: AuthDeps) {
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const isAdminEmail = (email: string) => adminEmails.has(email.toLowerCase());

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
      // The per-account lock tells its owner to reset the password: a reset lifts it.
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures(db, user.email);
        // The reset link reached the mailbox: that confirms the address as well as a confirm link.
        if (!user.emailVerified) {
          await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
        }
      },
      // A sign-up with a taken address answers like a new one (no enumeration); the owner of the
      // address hears of it instead, so a person who forgot their account is not left waiting.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(
          actionMail({
            to: user.email,
            subject: 'You already have a betproof account',
            intro:
              'Someone (hopefully you) tried to create a betproof account with this email address, but it already has one.',
            action: 'Sign in',
            url: `${config.BASE_URL}${paths.auth}`,
            outro:
              'Forgot your password? Use "Forgot Password" on the sign-in page. If this was not you, ignore this email.',
          }),
        );
      },
      sendResetPassword: async ({ user, url: betterAuthUrl }) => {
        // Without a redirectTo from the client Better Auth mails a link that leads nowhere.
        const link = new URL(betterAuthUrl);
        if (!link.searchParams.get('callbackURL')) link.searchParams.set('callbackURL', authRedirects.resetPassword);
        const url = link.toString();
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
      sendVerificationEmail: async ({ user, url: betterAuthUrl }) => {
        // Better Auth sends the browser to "/" after confirming unless the client named a page.
        const link = new URL(betterAuthUrl);
        if ((link.searchParams.get('callbackURL') ?? '/') === '/') {
          link.searchParams.set('callbackURL', authRedirects.afterVerification);
        }
        const url = link.toString();
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
          before: async (user) => ({ data: { ...user, role: isAdminEmail(user.email) ? 'admin' : 'user' } }),
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        assertShallowBody(body);
        assertStorableText(body);
        const field = newPasswordField[ctx.path];
        const password = field ? body?.[field] : undefined;
        if (ctx.path === '/sign-up/email') {
          assertKnownSignUpKeys(body);
          const email = acceptableEmail(body?.email);
          const name = acceptableName(body?.name);
          if (typeof password === 'string') assertAcceptablePassword(password);
          // The full name is optional; Better Auth insists on the field, so an absent one is ''.
          return { context: { body: { ...body, email, name } } };
        }
        if (typeof password === 'string') assertAcceptablePassword(password);
        // Spaces around the address, as the forms trim them (Better Auth's own check would refuse it).
        if (ctx.path === '/request-password-reset' && typeof body?.email === 'string') {
          return { context: { body: { ...body, email: body.email.trim() } } };
        }
        if (ctx.path === '/sign-in/email') {
          const email = typeof body?.email === 'string' ? body.email.trim() : undefined;
          if (email !== undefined) {
            const failures = await countRecentSignInFailures(db, email, now());
            if (failures >= MAX_FAILURES_PER_ACCOUNT_PER_HOUR) {
              throw new APIError('TOO_MANY_REQUESTS', { message: ACCOUNT_LOCKED_MESSAGE, code: 'ACCOUNT_LOCKED' });
            }
            return { context: { body: { ...body, email } } };
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path === '/reset-password' && isAPIError(returned) && returned.body?.code === 'INVALID_TOKEN') {
          throw new APIError('BAD_REQUEST', { message: INVALID_RESET_LINK_MESSAGE, code: 'INVALID_TOKEN' });
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (isAPIError(returned)) {
          if (returned.statusCode === 401 && typeof email === 'string') {
            await recordSignInFailure(db, email, now());
          }
          if (returned.body?.code === 'EMAIL_NOT_VERIFIED') {
            // Better Auth has just mailed a new link (sendOnSignIn); say so.
            throw new APIError('FORBIDDEN', { message: EMAIL_NOT_VERIFIED_MESSAGE, code: 'EMAIL_NOT_VERIFIED' });
          }
          return;
        }
        const signedIn = ctx.context.newSession?.user;
        if (signedIn && isAdminEmail(signedIn.email)) {
          await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, signedIn.id));
          logger.info('admin role granted from ADMIN_EMAILS', { userId: signedIn.id });
        }
      }),
    },
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
  });

  const handler = auth.handler;
  const notFound = () => Response.json({ error: 'Not Found' }, { status: 404 });
  auth.handler = async (request: Request) => {
    // Doubled slashes collapsed, as a router that forgives them would (GHSA-x732-6j76-qmhm).
    const path = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length).replace(/\/{2,}/g, '/');
    if (DISABLED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return notFound();
    const response = await handler(request);
    // Better Auth answers an unknown path with an empty 404 and a disabled one with a text/plain
    // "Not Found"; every unknown /api path answers JSON. Its own JSON 404s (a user not found) stay.
    if (response.status === 404 && !response.headers.get('content-type')?.startsWith('application/json')) {
      return notFound();
    }
    return clarifyRateLimit(request, response);
  };
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];

/**
 * What betproof does around Better Auth's endpoints: before one runs, its body is held to our
 * rules (body-checks.ts, password-policy.ts) and a sign-in that must wait is refused; after, a
 * failed sign-in is counted and may alert the owner (sign-in-failures.ts), ADMIN_EMAILS is applied
 * (roles.ts) and Better Auth's refusals get our words; and what a password reset does besides
 * setting the password.
 */
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session as sessions, user as users } from '../../db/schema/index.ts';
import { TOTP_CODE_USED_MESSAGE } from '../../../shared/two-factor.ts';
import {
  acceptableEmail,
  acceptableName,
  assertAgeConfirmed,
  assertKnownSignUpKeys,
  assertShallowBody,
  assertStorableText,
} from './body-checks.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import type { adminEmailRule } from './roles.ts';
import { assertKnownTwoFactorKeys } from './two-factor.ts';
import { claimTotpCode } from './totp-once.ts';
import { CLIENT_IP_HEADER } from './rate-limits.ts';
import {
  assertSignInMayProceed,
  claimSignInAlert,
  clearSignInFailures,
  recordSignInFailure,
} from './sign-in-failures.ts';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address first. We have sent you a new confirmation link.';
export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid, has expired or was already used. Please request a new one.';

/** The two-factor endpoints that make a session once a code is right. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** Paths whose body carries a new password, and the field it is in. */
const newPasswordField: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * A sign-up for an address whose account was never confirmed starts over: that account goes
 * (nothing can have been recorded in it: it could never sign in), and Better Auth then makes a new
 * one with this sign-up's password and mails its confirmation link to the address. The first
 * password, and the links mailed for it, stop working: a link names the account it confirms
 * (Better Auth's token carries its id), and that account is gone. So someone who signed up first
 * with another person's address never gets the account its owner later makes. A confirmed account
 * is never touched (its owner is told of the attempt: mail-hooks.ts).
 */
async function startOverUnconfirmed(db: Db, email: string) {
  await db
    .delete(users)
    .where(
      and(
        eq(users.email, email.toLowerCase()),
        eq(users.emailVerified, false),
        sql`not exists (select 1 from bets where bets.user_id = ${users.id})`,
        sql`not exists (select 1 from imported_bets where imported_bets.user_id = ${users.id})`,
      ),
    );
}

interface HookDeps {
  db: Db;
  now: () => Date;
  admins: ReturnType<typeof adminEmailRule>;
  /** Mails the owner of `email` that someone is trying to sign in (sent after the response). */
  alertOwner: (email: string) => void;
}

/** The client's limit key app.ts put on the request (absent on calls made in-process). */
const clientOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? '';

export function authHooks({ db, now, admins, alertOwner }: HookDeps) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = ctx.body as Record<string, unknown> | undefined;
      assertShallowBody(body);
      assertStorableText(body);
      assertKnownTwoFactorKeys(ctx.path, body);
      const field = newPasswordField[ctx.path];
      const password = field ? body?.[field] : undefined;
      if (ctx.path === '/sign-up/email') {
        assertKnownSignUpKeys(body);
        const email = acceptableEmail(body?.email);
        const name = acceptableName(body?.name);
        if (typeof password === 'string') await assertAcceptablePassword(password);
        assertAgeConfirmed(body?.ageConfirmed);
        await startOverUnconfirmed(db, email);
        // The full name is optional; Better Auth insists on the field, so an absent one is ''.
        // The confirmation is not a field of the user: the create hook stamps its time instead.
        const { ageConfirmed: _confirmed, ...rest } = body ?? {};
        return { context: { body: { ...rest, email, name } } };
      }
      if (typeof password === 'string') await assertAcceptablePassword(password);
      // Spaces around the address, as the forms trim them (Better Auth's own check would refuse it).
      if (ctx.path === '/request-password-reset' && typeof body?.email === 'string') {
        return { context: { body: { ...body, email: body.email.trim() } } };
      }
      if (ctx.path === '/sign-in/email') {
        const email = typeof body?.email === 'string' ? body.email.trim() : undefined;
        if (email !== undefined) {
          await assertSignInMayProceed(db, email, clientOf(ctx.headers), now());
          return { context: { body: { ...body, email } } };
        }
      }
    }),

    after: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned;
      if (ctx.path === '/reset-password' && isAPIError(returned) && returned.body?.code === 'INVALID_TOKEN') {
        throw new APIError('BAD_REQUEST', { message: INVALID_RESET_LINK_MESSAGE, code: 'INVALID_TOKEN' });
      }
      // A session made by a code (a sign-in's second step, or confirming two-factor sign-in) is a
      // second-factor session; an authenticator code makes one only once (totp-once.ts).
      if (SECOND_FACTOR_PATHS.has(ctx.path) && !isAPIError(returned) && ctx.context.newSession) {
        const made = ctx.context.newSession;
        const code = (ctx.body as { code?: unknown } | undefined)?.code;
        if (ctx.path === '/two-factor/verify-totp' && typeof code === 'string') {
          if (!(await claimTotpCode(db, made.user.id, code, now()))) {
            await db.delete(sessions).where(eq(sessions.token, made.session.token));
            throw new APIError('UNAUTHORIZED', { message: TOTP_CODE_USED_MESSAGE, code: 'CODE_ALREADY_USED' });
          }
        }
        await db.update(sessions).set({ secondFactor: true }).where(eq(sessions.token, made.session.token));
      }
      // Following the confirmation link signs the new account in (autoSignInAfterVerification).
      if (ctx.path === '/verify-email' && ctx.context.newSession) {
        await admins.grantIfListed(ctx.context.newSession.user);
      }
      if (ctx.path !== '/sign-in/email') return;
      const email = (ctx.body as { email?: unknown } | undefined)?.email;
      if (isAPIError(returned)) {
        if (returned.statusCode === 401 && typeof email === 'string') {
          await recordSignInFailure(db, email, clientOf(ctx.headers), now());
          if (await claimSignInAlert(db, email, now())) alertOwner(email);
        }
        if (returned.body?.code === 'EMAIL_NOT_VERIFIED') {
          // Better Auth has just mailed a new link (sendOnSignIn); say so.
          throw new APIError('FORBIDDEN', { message: EMAIL_NOT_VERIFIED_MESSAGE, code: 'EMAIL_NOT_VERIFIED' });
        }
        return;
      }
      const signedIn = ctx.context.newSession?.user;
      if (signedIn) await admins.grantIfListed(signedIn);
    }),

    // A reset proves the owner holds the mailbox: their account's failures no longer count.
    onPasswordReset: async ({ user }: { user: { id: string; email: string; emailVerified: boolean } }) => {
      await clearSignInFailures(db, user.email);
      // The reset link reached the mailbox: that confirms the address as well as a confirm link.
      if (!user.emailVerified) {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      }
    },
  };
}

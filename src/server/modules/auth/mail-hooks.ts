/**
 * The mails Better Auth asks us to send (confirm an email, reset a password, a sign-up with an
 * address that has an account) and the ones we send the owner ourselves (the password was changed,
 * someone keeps failing to sign in), their words, and where their links lead the browser: the client
 * cannot set these pages for links it did not request, so the server does. Sent through the app's
 * mailer (mail.ts) after the response (better-auth.ts, backgroundTasks).
 */
import type { Config } from '../../env.ts';
import { actionMail, type Mailer } from '../../lib/mail.ts';
import { paths } from '../../../shared/routes.ts';

/** Where the auth flows send the browser. */
const authRedirects = {
  /** After following the confirmation link, unless the client asked for another page at sign-up. */
  afterVerification: `${paths.auth}?verified=1`,
  resetPassword: paths.resetPassword,
};

type MailWords = Omit<Parameters<typeof actionMail>[0], 'to' | 'url'>;

const existingAccountMail: MailWords = {
  subject: 'You already have a betproof account',
  intro: 'Someone (hopefully you) tried to create a betproof account with this email address, but it already has one.',
  action: 'Sign in',
  outro: 'Forgot your password? Use "Forgot Password" on the sign-in page. If this was not you, ignore this email.',
};

const resetPasswordMail: MailWords = {
  subject: 'Reset your betproof password',
  intro: 'Someone (hopefully you) asked to reset the password of your betproof account.',
  action: 'Choose a new password',
  outro: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
};

const confirmEmailMail: MailWords = {
  subject: 'Confirm your betproof email',
  intro: 'Welcome to betproof! Confirm your email address to complete your registration.',
  action: 'Confirm my email',
  outro: 'The link expires in 24 hours. If you did not sign up, ignore this email.',
};

const passwordChangedMail: MailWords = {
  subject: 'Your betproof password was changed',
  intro:
    'The password of your betproof account was just changed with a reset link, and every device that was signed in has been signed out.',
  action: 'Sign in',
  outro:
    'If you did not do this, reset your password again right away with "Forgot Password" on the sign-in page, and make sure nobody else can read your email.',
};

const signInAttemptsMail: MailWords = {
  subject: 'Someone is trying to sign in to your betproof account',
  intro:
    'In the last hour there have been repeated failed attempts to sign in to your betproof account from networks you are not signed in from. Nobody got in with them, and each further try from the same network has to wait longer.',
  action: 'Go to betproof',
  outro:
    'If this was you, there is nothing to do. If not, your account is safe as long as your password is not used anywhere else; to change it, use "Forgot Password" on the sign-in page. We will not write about this again within the hour.',
};

/** Better Auth's link with its callbackURL set to `page` when `unset` says the client named none. */
function withCallback(betterAuthUrl: string, page: string, unset: (callbackURL: string | null) => boolean): string {
  const link = new URL(betterAuthUrl);
  if (unset(link.searchParams.get('callbackURL'))) link.searchParams.set('callbackURL', page);
  return link.toString();
}

interface MailedUser {
  user: { email: string };
}

export function mailHooks({ config, mailer }: { config: Config; mailer: Mailer }) {
  const send = (to: string, words: MailWords, url: string) => mailer.send(actionMail({ to, url, ...words }));
  // Three of the mails lead to the sign-in page.
  const signInPage = `${config.BASE_URL}${paths.auth}`;
  return {
    // A sign-up with a taken address answers like a new one (no enumeration); the owner of the
    // address hears of it instead, so a person who forgot their account is not left waiting.
    onExistingUserSignUp: async ({ user }: MailedUser) => send(user.email, existingAccountMail, signInPage),
    // Without a redirectTo from the client Better Auth mails a link that leads nowhere.
    sendResetPassword: async ({ user, url }: MailedUser & { url: string }) =>
      send(
        user.email,
        resetPasswordMail,
        withCallback(url, authRedirects.resetPassword, (page) => !page),
      ),
    // Better Auth sends the browser to "/" after confirming unless the client named a page.
    sendVerificationEmail: async ({ user, url }: MailedUser & { url: string }) =>
      send(
        user.email,
        confirmEmailMail,
        withCallback(url, authRedirects.afterVerification, (page) => (page ?? '/') === '/'),
      ),
    // After a reset (onPasswordReset): the owner hears of it even if someone else held the link.
    passwordChanged: async ({ user }: MailedUser) => send(user.email, passwordChangedMail, signInPage),
    // Repeated failed sign-ins from elsewhere (sign-in-failures.ts decides when).
    signInAttempts: async (email: string) => send(email, signInAttemptsMail, signInPage),
  };
}

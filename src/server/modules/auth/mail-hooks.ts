/**
 * The mails Better Auth asks us to send (confirm an email, reset a password, a sign-up with an
 * address that has an account), their words, and where their links lead the browser: the client
 * cannot set these pages for links it did not request, so the server does. Sent through the app's
 * mailer (mail.ts) after the response (better-auth.ts, backgroundTasks).
 */
import type { Config } from '../../env.ts';
import { actionMail, type Mailer } from '../../mail.ts';
import { paths } from '../../../shared/routes.ts';

/** Where the auth flows send the browser. */
const authRedirects = {
  /** After following the confirmation link, unless the client asked for another page at sign-up. */
  afterVerification: `${paths.auth}?verified=1`,
  resetPassword: paths.resetPassword,
};

interface MailedUser {
  user: { email: string };
}

export function mailHooks({ config, mailer }: { config: Config; mailer: Mailer }) {
  return {
    // A sign-up with a taken address answers like a new one (no enumeration); the owner of the
    // address hears of it instead, so a person who forgot their account is not left waiting.
    onExistingUserSignUp: async ({ user }: MailedUser) => {
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
    sendResetPassword: async ({ user, url: betterAuthUrl }: MailedUser & { url: string }) => {
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
    sendVerificationEmail: async ({ user, url: betterAuthUrl }: MailedUser & { url: string }) => {
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
  };
}

/**
 * What the sign-in, sign-up and forgot-password forms need only once someone uses them: the shared
 * zod schemas (and zod), the Better Auth client and the toasts. /auth renders its forms without
 * them and loads them on the first focus into a form, or at the latest when one is submitted
 * (about 50 KB gzipped the page no longer waits for).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, signInSchema, signUpSchema } from '../../../shared/auth.ts';

export { authClient, authErrorMessage } from '../../lib/auth-client.ts';
export { toast } from '../../components/ui/toast.ts';
export { authAttempt } from './auth-attempt.ts';

export const resolvers = {
  signIn: zodResolver(signInSchema),
  signUp: zodResolver(signUpSchema),
  forgotPassword: zodResolver(forgotPasswordSchema),
};

import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '../../../shared/auth.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { AuthForm, EmailField } from './auth-form.tsx';
import { deferredResolver, loadFormDeps, preloadFormDeps } from './load-form-deps.ts';

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  /** Back to the login form, with the email that was typed here. */
  onDone: (email: string) => void;
}

/** Asks for a password-reset email. The server answers the same whether or not the account exists. */
export function ForgotPasswordForm({ defaultEmail = '', onDone }: ForgotPasswordFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: deferredResolver('forgotPassword'),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    const { authClient, authAttempt, toast } = await loadFormDeps();
    const reset = () => authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
    if (!(await authAttempt('Password reset failed', reset))) return;
    toast.success('Password reset sent', { description: 'Check your email for the reset link.' });
    onDone(email);
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onFocus={preloadFormDeps}
      aria-labelledby="forgot-title"
      submitting={isSubmitting}
      submitLabel="Send Reset Link"
      secondary={
        <Button type="button" variant="ghost" className="w-full" onClick={() => onDone(getValues('email'))}>
          Back to Sign In
        </Button>
      }
    >
      <div className="flex flex-col gap-1">
        <h2 id="forgot-title" className="text-base font-semibold">
          Reset your password
        </h2>
        <p className="text-sm text-muted-foreground">
          Enter the email of your account and we&apos;ll send you a link to choose a new password.
        </p>
      </div>
      <EmailField error={errors.email?.message} register={() => register('email')} autoFocus />
    </AuthForm>
  );
}

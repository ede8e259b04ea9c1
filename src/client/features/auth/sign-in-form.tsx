import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SignInInput } from '../../../shared/auth.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { AuthForm, EmailField } from './auth-form.tsx';
import { useAuth } from './auth-provider.tsx';
import { deferredResolver, loadFormDeps, preloadFormDeps } from './load-form-deps.ts';
import { destinationAfterSignIn } from './redirect.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

interface SignInFormProps {
  defaultEmail?: string;
  /** Opens the password-reset request, passing on whatever email was typed. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail = '', onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { refetch } = useAuth();
  // The password was right and the account has two-factor sign-in on: the code comes next.
  const [secondStep, setSecondStep] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: deferredResolver('signIn'),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const signedIn = async () => {
    const { toast } = await loadFormDeps();
    // Load the new session before leaving, so the protected page's guard already sees the user.
    await refetch().catch(() => undefined);
    toast.success('Welcome back!', { description: "You've been signed in successfully." });
    // The guard's remembered page, else the confirmation link's ?next=, else the dashboard.
    navigate(destinationAfterSignIn(location.state, params.get('next')), { replace: true });
  };

  const onSubmit = async ({ email, password }: SignInInput) => {
    const { authClient, authAttempt } = await loadFormDeps();
    const answer = await authAttempt('Sign in failed', () => authClient.signIn.email({ email, password }));
    if (!answer) return;
    // No session yet: the server waits for the code (modules/auth/two-factor.ts).
    if (answer.data && 'twoFactorRedirect' in answer.data && answer.data.twoFactorRedirect) {
      setSecondStep(true);
      return;
    }
    await signedIn();
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onRestart={(reason) => {
          setSecondStep(false);
          if (reason) void loadFormDeps().then(({ toast }) => toast.error('Sign in again', { description: reason }));
        }}
      />
    );
  }

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onFocus={preloadFormDeps}
      submitting={isSubmitting}
      submitLabel="Sign In"
    >
      <EmailField error={errors.email?.message} register={() => register('email')} />
      <FormField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <button
            type="button"
            onClick={() => onForgotPassword(getValues('email'))}
            className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot Password
          </button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            placeholder="Enter your password"
            {...register('password')}
          />
        )}
      </FormField>
    </AuthForm>
  );
}

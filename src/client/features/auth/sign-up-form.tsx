import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { SignUpInput } from '../../../shared/auth.ts';
import type { AuthClientError } from '../../lib/auth-client.ts';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AuthForm, EmailField, NewPasswordField } from './auth-form.tsx';
import { deferredResolver, loadFormDeps, preloadFormDeps } from './load-form-deps.ts';
import { confirmationCallback, rememberSignUpEmail } from './redirect.ts';

export function SignUpForm() {
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: deferredResolver('signUp'),
    defaultValues: { fullName: '', email: '', password: '', ageConfirmed: false },
  });

  /** Also show the server's reason next to the field it is about (the toast carries it too). */
  const showOnField = (error: AuthClientError, message: string) => {
    const code = error.code ?? '';
    if (code.includes('PASSWORD')) setError('password', { message });
    else if (code === 'AGE_NOT_CONFIRMED') setError('ageConfirmed', { message });
    else if (code.includes('EMAIL') || code.includes('USER_ALREADY_EXISTS')) setError('email', { message });
  };

  const onSubmit = async ({ fullName, email, password, ageConfirmed }: SignUpInput) => {
    setSentTo(null);
    const { authClient, authAttempt, toast } = await loadFormDeps();
    // ageConfirmed is no field of Better Auth's user, so its client's types do not list it: our
    // server's hook reads it (modules/auth/hooks.ts) and the account stores when it was given.
    const request = {
      email,
      password,
      name: fullName,
      ageConfirmed,
      // The link signs the new account in and comes back to where the sign-up started.
      callbackURL: confirmationCallback(location.state),
    };
    if (!(await authAttempt('Sign up failed', () => authClient.signUp.email(request), showOnField))) return;
    toast.success('Check your email', {
      description: "We've sent you a confirmation link to complete your registration.",
    });
    rememberSignUpEmail(email);
    reset();
    setSentTo(email);
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(onSubmit)}
      onFocus={preloadFormDeps}
      submitting={isSubmitting}
      submitLabel="Create Account"
    >
      {sentTo && (
        <div
          role="status"
          className="flex gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            We sent a confirmation link to <strong className="break-all">{sentTo}</strong>. Open it to confirm your
            email and you&apos;re signed in.
          </p>
        </div>
      )}
      <FormField
        label={
          <>
            Full name <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        error={errors.fullName?.message}
      >
        {(control) => <Input {...control} autoComplete="name" placeholder="Jane Doe" {...register('fullName')} />}
      </FormField>
      <EmailField error={errors.email?.message} register={() => register('email')} />
      <NewPasswordField label="Password" error={errors.password?.message} register={() => register('password')} />
      <CheckboxField
        label="I am 18 or older"
        error={errors.ageConfirmed?.message}
        register={() => register('ageConfirmed')}
      />
    </AuthForm>
  );
}

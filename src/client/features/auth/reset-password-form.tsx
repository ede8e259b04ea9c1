import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import type { z } from 'zod';
import { resetPasswordSchema } from '../../../shared/auth.ts';
import { paths } from '../../../shared/routes.ts';
import { authClient, type AuthClientError } from '../../lib/auth-client.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { authAttempt } from './auth-attempt.ts';
import { AuthForm, NewPasswordField } from './auth-form.tsx';
import { useAuth } from './auth-provider.tsx';

type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Sets a new password with the single-use token from the reset email. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { refetch } = useAuth();
  const [visible, setVisible] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = async ({ password }: ResetPasswordInput) => {
    const reset = () => authClient.resetPassword({ newPassword: password, token });
    const refused = (error: AuthClientError, message: string) => {
      if (error.code?.includes('PASSWORD')) setError('password', { message });
    };
    if (!(await authAttempt('Password reset failed', reset, refused))) return;
    // A reset signs out every session of the account, this browser's included.
    await refetch().catch(() => undefined);
    toast.success('Password updated', { description: 'You can now sign in with your new password.' });
    navigate(paths.auth, { replace: true });
  };

  return (
    <AuthForm onSubmit={handleSubmit(onSubmit)} submitting={isSubmitting} submitLabel="Update Password">
      <NewPasswordField
        label="New password"
        error={errors.password?.message}
        register={() => register('password')}
        autoFocus
        visible={visible}
        onVisibleChange={setVisible}
      />
      <FormField label="Confirm password" error={errors.confirm?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            placeholder="Repeat the new password"
            visible={visible}
            showToggle={false}
            {...register('confirm')}
          />
        )}
      </FormField>
    </AuthForm>
  );
}

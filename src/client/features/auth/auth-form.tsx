import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/password-limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

interface AuthFormProps extends Omit<ComponentProps<'form'>, 'className' | 'noValidate'> {
  submitting: boolean;
  submitLabel: string;
  /** Under the submit button (Reset your password's 'Back to Sign In'). */
  secondary?: ReactNode;
}

/** The frame of the sign-in, sign-up and password forms: the fields, then the full-width submit button. */
export function AuthForm({ submitting, submitLabel, secondary, children, ...form }: AuthFormProps) {
  return (
    // method="post": sent by the browser itself before the app has taken over the page, the
    // fields go in a body the server discards (app.ts), never in the address.
    <form noValidate method="post" className="flex flex-col gap-4" {...form}>
      {children}
      <div className="mt-2 flex flex-col gap-2">
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}

interface FieldProps {
  error: string | undefined;
  /**
   * Registers the field: called as the field renders, so fields register in the order they show
   * (react-hook-form focuses the first invalid one it registered).
   */
  register: () => UseFormRegisterReturn;
}

/** The account's email. */
export function EmailField({ error, register, autoFocus }: FieldProps & { autoFocus?: boolean }) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          autoFocus={autoFocus}
          {...register()}
        />
      )}
    </FormField>
  );
}

/** A new password (sign-up, reset), with the rules it must meet. */
export function NewPasswordField({
  label,
  error,
  register,
  ...input
}: FieldProps & { label: string } & Pick<
    ComponentProps<typeof PasswordInput>,
    'autoFocus' | 'visible' | 'onVisibleChange'
  >) {
  return (
    <FormField
      label={label}
      error={error}
      description={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are not accepted.`}
    >
      {(control) => (
        <PasswordInput
          {...control}
          autoComplete="new-password"
          placeholder="Create a password (min. 6 characters)"
          {...input}
          {...register()}
        />
      )}
    </FormField>
  );
}

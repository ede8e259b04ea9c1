import { useId, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { TOTP_CODE_PATTERN, normaliseRecoveryCode, normaliseTotpCode } from '../../../shared/two-factor.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { loadFormDeps } from './load-form-deps.ts';

type Method = 'totp' | 'recovery';

/** Answers after which this password step's challenge is spent: the visitor must sign in again. */
const CHALLENGE_SPENT = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

interface TwoFactorStepProps {
  /** The code was accepted: the session cookie is set. */
  onSignedIn: () => Promise<void>;
  /** Back to the email and password (to start over, or because the challenge expired). */
  onRestart: (reason?: string) => void;
}

/**
 * The second step of signing in to an account with two-factor sign-in on: the password was right,
 * and the server holds a short-lived challenge (a cookie) until a code from the authenticator app,
 * or one of the recovery codes, completes it. What was typed stays in the field when it is refused.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const [method, setMethod] = useState<Method>('totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const headingId = useId();

  const switchTo = (next: Method) => {
    setMethod(next);
    setValue('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = method === 'totp' ? normaliseTotpCode(value) : normaliseRecoveryCode(value);
    if (method === 'totp' && !TOTP_CODE_PATTERN.test(code)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (method === 'recovery' && code === '') {
      setError('Enter one of your recovery codes');
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const { authClient, authErrorMessage } = await loadFormDeps();
      const { error: failed } =
        method === 'totp'
          ? await authClient.twoFactor.verifyTotp({ code })
          : await authClient.twoFactor.verifyBackupCode({ code });
      if (failed) {
        if (failed.code && CHALLENGE_SPENT.has(failed.code)) {
          onRestart(
            failed.code === 'INVALID_TWO_FACTOR_COOKIE'
              ? 'Your sign-in took too long. Please enter your email and password again.'
              : 'Too many wrong codes. Please enter your email and password again.',
          );
          return;
        }
        if (failed.code === 'INVALID_CODE')
          setError('That code is not right. Check your authenticator app and try again.');
        else if (failed.code === 'INVALID_BACKUP_CODE')
          setError('That recovery code is not right, or was already used.');
        else setError(authErrorMessage(failed));
        return;
      }
      await onSignedIn();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
        <h2 id={headingId} className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-sm text-muted-foreground">
          {method === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField label={method === 'totp' ? 'Authentication code' : 'Recovery code'} error={error}>
          {(control) => (
            <Input
              {...control}
              key={method}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
              autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoCapitalize="none"
              spellCheck={false}
              placeholder={method === 'totp' ? '123456' : 'xxxxx-xxxxx'}
              maxLength={method === 'totp' ? 12 : 40}
            />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting && <Spinner className="size-4" />}
          Verify
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          onClick={() => switchTo(method === 'totp' ? 'recovery' : 'totp')}
          className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {method === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
        </button>
        <button
          type="button"
          onClick={() => onRestart()}
          className="cursor-pointer rounded-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          Back to sign in
        </button>
      </div>
    </section>
  );
}

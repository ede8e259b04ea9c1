import { useId, useState, type FormEvent } from 'react';
import { Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { TOTP_CODE_PATTERN, normaliseTotpCode } from '../../../shared/two-factor.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.ts';
import { authClient, authErrorMessage } from '../../lib/auth-client.ts';
import { useAuth } from './auth-provider.tsx';
import { QrCode } from './qr-code.tsx';

/** Where setting it up has got to; 'codes' shows the recovery codes, once, after it is on. */
type Step = { name: 'idle' } | { name: 'scan'; uri: string; codes: string[] } | { name: 'codes'; codes: string[] };

/** The base32 secret of an otpauth:// URI, for typing into an app that cannot scan. */
const secretOf = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

/**
 * Settings → Security: two-factor sign-in with an authenticator app (TOTP) and recovery codes,
 * through Better Auth's endpoints (server: modules/auth/two-factor.ts). Turning it on: the
 * password, then a QR code (and the same secret as text) to add to the app, confirmed with its
 * first code; then the recovery codes, shown this once, with a Download. Turning it off takes the
 * password. Both replace this browser's session, so the session is read again after each.
 * Loaded only when the Security tab is opened (it brings the auth client and the QR encoder).
 */
export default function TwoFactorSettings() {
  const { user, refetch } = useAuth();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const enabled = user?.twoFactorEnabled === true;

  if (step.name === 'codes') return <RecoveryCodes codes={step.codes} onDone={() => setStep({ name: 'idle' })} />;
  if (step.name === 'scan') {
    return (
      <ScanStep
        uri={step.uri}
        onCancel={() => setStep({ name: 'idle' })}
        onConfirmed={async () => {
          setStep({ name: 'codes', codes: step.codes });
          await refetch().catch(() => undefined);
          toast.success('Two-factor authentication is on', {
            description: 'Signing in now asks for a code from your authenticator app.',
          });
        }}
      />
    );
  }
  if (enabled) {
    return (
      <TurnOff
        onDone={async () => {
          await refetch().catch(() => undefined);
          toast.success('Two-factor authentication is off', { description: 'Your password alone now signs you in.' });
        }}
      />
    );
  }
  return <TurnOn onStarted={(uri, codes) => setStep({ name: 'scan', uri, codes })} />;
}

function Status({ on }: { on: boolean }) {
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <div className="flex items-start gap-3 rounded-md border border-border p-3">
      <Icon className={on ? 'mt-0.5 size-5 text-positive' : 'mt-0.5 size-5 text-muted-foreground'} aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold">Two-factor authentication is {on ? 'on' : 'off'}</p>
        <p className="text-xs text-muted-foreground">
          {on
            ? 'Signing in asks for your password and a code from your authenticator app (or a recovery code).'
            : 'Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password is not enough.'}
        </p>
      </div>
    </div>
  );
}

/** A password form (turning on and turning off both start with one). */
function PasswordStep({
  submitLabel,
  destructive,
  onSubmit,
}: {
  submitLabel: string;
  destructive?: boolean;
  /** Answers an error message for the password field, or null when done. */
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setSubmitting(true);
    try {
      setError((await onSubmit(password)) ?? undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField label="Current password" error={error}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitting}>
        {submitting && <Spinner className="size-4" />}
        {submitLabel}
      </Button>
    </form>
  );
}

/** Better Auth's answer to a wrong password, in the words of the field. */
const passwordMessage = (error: { code?: string | undefined; message?: string | undefined; status?: number }) =>
  error.code === 'INVALID_PASSWORD' ? 'That password is not right.' : authErrorMessage(error);

function TurnOn({ onStarted }: { onStarted: (uri: string, codes: string[]) => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Status on={false} />
      <p className="text-sm text-muted-foreground">
        To set it up, confirm your password. You will need an authenticator app, such as Google Authenticator, Microsoft
        Authenticator, 1Password or Aegis.
      </p>
      <PasswordStep
        submitLabel="Set up two-factor authentication"
        onSubmit={async (password) => {
          const { data, error } = await authClient.twoFactor.enable({ password });
          if (error) return passwordMessage(error);
          if (!data || !('totpURI' in data) || !data.totpURI) return 'Something went wrong. Please try again.';
          onStarted(data.totpURI, data.backupCodes ?? []);
          return null;
        }}
      />
    </div>
  );
}

function ScanStep({
  uri,
  onCancel,
  onConfirmed,
}: {
  uri: string;
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const keyId = useId();
  const secret = secretOf(uri);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = normaliseTotpCode(code);
    if (!TOTP_CODE_PATTERN.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setSubmitting(true);
    try {
      const { error: failed } = await authClient.twoFactor.verifyTotp({ code: typed });
      if (failed) {
        setError(
          failed.code === 'INVALID_CODE'
            ? 'That code is not right. Check that the app shows betproof and try the newest code.'
            : authErrorMessage(failed),
        );
        return;
      }
      await onConfirmed();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type in the setup key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <QrCode
        text={uri}
        label="QR code to add betproof to your authenticator app"
        className="mx-auto size-48 rounded-md border border-border"
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={keyId}>Setup key</Label>
        <Input
          id={keyId}
          readOnly
          value={secret}
          className="font-mono text-xs"
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label="Authentication code" error={error}>
          {(control) => (
            <Input
              {...control}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              placeholder="123456"
              maxLength={12}
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting && <Spinner className="size-4" />}
            Verify and turn on
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  const download = () => {
    const text = [
      'betproof recovery codes',
      '',
      'Each code signs you in once when you cannot use your authenticator app.',
      'Keep them somewhere safe, apart from your phone.',
      '',
      ...codes,
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'betproof-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <Status on />
      <h3 id={headingId} className="text-sm font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Save them now:
        they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </section>
  );
}

function TurnOff({ onDone }: { onDone: () => Promise<void> }) {
  return (
    <div className="flex flex-col gap-4">
      <Status on />
      <p className="text-sm text-muted-foreground">
        To turn it off, confirm your password. Your authenticator app's betproof entry and your recovery codes then stop
        working.
      </p>
      <PasswordStep
        submitLabel="Turn off two-factor authentication"
        destructive
        onSubmit={async (password) => {
          const { error } = await authClient.twoFactor.disable({ password });
          if (error) return passwordMessage(error);
          await onDone();
          return null;
        }}
      />
    </div>
  );
}

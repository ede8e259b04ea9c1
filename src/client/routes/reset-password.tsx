import { Link, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { paths } from '../../shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import type { AuthRedirectState } from '../features/auth/redirect.ts';
import { ResetPasswordForm } from '../features/auth/reset-password-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const requestNewLink: AuthRedirectState = { forgot: true };

/** The target of the reset email's link: `?token=...`, or `?error=INVALID_TOKEN` for a bad, expired or used link. */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error');
  const usable = Boolean(token) && !error;

  return (
    <div className="flex flex-1 justify-center px-4 py-8 sm:py-16">
      <Card className="w-full max-w-md self-start">
        <CardHeader className="px-5 sm:px-6">
          <CardTitle as="h1" className="text-2xl">
            {usable ? 'Choose a new password' : 'Reset link not valid'}
          </CardTitle>
          <CardDescription>
            {usable
              ? 'Enter a new password for your betproof account. Other devices will be signed out.'
              : 'Password reset links work once and expire after 1 hour.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="px-5 sm:px-6">
          {usable && token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <div className="flex flex-col gap-4">
              <div
                role="alert"
                className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p>
                  {error
                    ? 'This password reset link is invalid or has expired, or it has already been used.'
                    : 'This page needs the link from a password reset email.'}{' '}
                  Request a new link and use the newest email.
                </p>
              </div>
              <Button asChild className="w-full">
                <Link to={paths.auth} state={requestNewLink}>
                  Request a new link
                </Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

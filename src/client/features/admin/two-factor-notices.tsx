import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { ADMIN_TWO_FACTOR_REQUIRED_MESSAGE } from '../../../shared/two-factor.ts';
import { paths } from '../../../shared/routes.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { Button } from '../../components/ui/button.tsx';

/**
 * On the admin dashboard, to an admin whose account signs in with a password alone: a prompt to
 * turn on two-factor sign-in (Settings → Security on their profile). Gone once it is on.
 */
export function TwoFactorPrompt({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  if (twoFactorEnabled) return null;
  return (
    <aside
      aria-labelledby="admin-two-factor-prompt"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h2 id="admin-two-factor-prompt" className="font-semibold">
            Protect your admin account with two-factor authentication
          </h2>
          <p>
            An admin account verifies bettors and sees every account&apos;s details. Add a code from an authenticator
            app to your sign-in: open Settings on your profile and choose Security.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to={paths.profile}>Set up two-factor authentication</Link>
      </Button>
    </aside>
  );
}

/** /admin while ADMIN_REQUIRE_2FA is on and this admin has not turned on two-factor sign-in. */
export function TwoFactorRequired() {
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <ShieldAlert className="size-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Two-factor authentication required</h1>
      <p className="max-w-md text-muted-foreground">{ADMIN_TWO_FACTOR_REQUIRED_MESSAGE}</p>
      <Button asChild className="mt-2">
        <Link to={paths.profile}>Go to your profile</Link>
      </Button>
    </PageContainer>
  );
}

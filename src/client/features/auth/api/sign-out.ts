import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../../shared/routes.ts';
import { pathCommitted } from '../../../lib/committed-path.ts';
import type { toast as toastType } from '../../../components/ui/toast.ts';
import { forgetSession } from '../auth-provider.tsx';

/**
 * The Better Auth client and the toasts, fetched when someone signs out: the header (on every
 * page) offers Sign Out, and neither belongs in the code every page loads.
 */
const loadSignOutDeps = () =>
  Promise.all([import('../../../lib/auth-client.ts'), import('../../../components/ui/toast.ts')]);

/** Signs out on the server (revoking the session), forgets cached data, toasts, and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    const deps = loadSignOutDeps();
    // Leave the page first, and wait until the home page is on screen: on a protected page the
    // route guard would otherwise see the session end and win the race to /auth. If the server
    // refuses, the visitor is home and still signed in.
    void navigate(paths.home);
    await pathCommitted(paths.home);
    let toast: typeof toastType | undefined;
    try {
      const [{ authClient, authErrorMessage }, toastModule] = await deps;
      toast = toastModule.toast;
      const { error } = await authClient.signOut();
      if (error) {
        toast.error('Sign out failed', { description: authErrorMessage(error) });
        return;
      }
      forgetSession(queryClient);
      toast.success('Signed out', { description: "You've been signed out successfully." });
    } catch (err) {
      const description = err instanceof Error ? err.message : String(err);
      // The toasts themselves may be what failed to load (offline): then there is no one to tell.
      if (toast) toast.error('Sign out failed', { description });
      else console.error('Sign out failed', err);
    } finally {
      setPending(false);
    }
  };

  return { signOut, pending };
}

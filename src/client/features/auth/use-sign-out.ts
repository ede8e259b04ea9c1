import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { authClient, authErrorMessage } from '../../lib/auth-client.ts';
import { paths } from '../../../shared/routes.ts';

/** Signs out on the server (revoking the session), forgets cached data, toasts, and goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    // Leave the page first (awaiting the lazily loaded home page): on a protected page the route
    // guard would otherwise see the session end and win the race to /auth. If the server refuses,
    // the visitor is home and still signed in.
    await navigate(paths.home);
    try {
      const { error } = await authClient.signOut();
      if (error) {
        toast.error('Sign out failed', { description: authErrorMessage(error) });
        return;
      }
      queryClient.clear();
      toast.success('Signed out', { description: "You've been signed out successfully." });
    } catch (err) {
      toast.error('Sign out failed', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      setPending(false);
    }
  };

  return { signOut, pending };
}

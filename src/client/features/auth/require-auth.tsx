import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { paths } from '../../../shared/routes.ts';
import type { AuthRedirectState } from './redirect.ts';
import { useAuth } from './auth-provider.tsx';

/**
 * Layout route for signed-in pages: a spinner while the session resolves; with no user, off to
 * /auth (history replaced) remembering where the visitor was going.
 */
export function RequireAuth() {
  const { user, isPending } = useAuth();
  const location = useLocation();
  if (isPending) return <LoadingScreen />;
  if (!user) {
    const state: AuthRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.auth} replace state={state} />;
  }
  return <Outlet />;
}

import { useEffect } from 'react';
import { PageContainer, PageHeading } from '../components/layout/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { ADMIN_LOADING_LABEL } from '../../shared/admin.ts';
import { AdminDashboard } from '../features/admin/admin-dashboard.tsx';
import { NotAuthorised } from '../features/admin/not-authorised.tsx';
import { TwoFactorRequired } from '../features/admin/two-factor-notices.tsx';
import { useAdminAccess } from '../features/admin/api/access.ts';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { ApiError } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Admins only, decided by the server (every /api/admin call checks the role again). */
export default function AdminPage() {
  const { user, refetch } = useAuth();
  const access = useAdminAccess(user?.id ?? '');
  const title =
    access.data === false
      ? 'Not authorised'
      : access.data === 'two-factor-required'
        ? 'Two-factor authentication required'
        : 'Admin Dashboard';
  useDocumentTitle(title);

  const sessionGone = access.error instanceof ApiError && access.error.status === 401;
  useEffect(() => {
    // The server no longer knows this session: refresh it, and the route guard sends the visitor to /auth.
    if (sessionGone) void refetch();
  }, [sessionGone, refetch]);

  if (access.isPending || sessionGone) return <LoadingScreen label={ADMIN_LOADING_LABEL} />;
  if (access.isError) {
    return (
      <PageContainer className="flex flex-col items-start gap-4">
        <PageHeading title="Admin Dashboard" lead="The admin dashboard could not be loaded." />
        <p role="alert" className="text-sm text-destructive">
          {access.error.message}
        </p>
        <Button onClick={() => void access.refetch()}>Try again</Button>
      </PageContainer>
    );
  }
  if (!access.data) return <NotAuthorised />;
  if (access.data === 'two-factor-required') return <TwoFactorRequired />;
  return <AdminDashboard viewerId={user?.id ?? ''} />;
}

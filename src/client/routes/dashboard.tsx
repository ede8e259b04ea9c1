import { PageContainer, PageHeading } from '../components/layout/page.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Placeholder: the bet dashboard is a later issue. */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeading title="Dashboard" lead={user ? <>Signed in as {user.email}</> : undefined} />
    </PageContainer>
  );
}

import { PageContainer, PageHeading } from '../components/layout/page.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Placeholder: the own-profile page is a later issue. */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeading title="Profile" lead={user ? <>Signed in as {user.email}</> : undefined} />
    </PageContainer>
  );
}

import { useAuth } from '../features/auth/auth-provider.tsx';
import { OwnProfileView } from '../features/profiles/own-profile.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /profile (signed-in only: the route guard renders this with a user). */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useAuth();
  if (!user) return null;
  return <OwnProfileView user={user} />;
}

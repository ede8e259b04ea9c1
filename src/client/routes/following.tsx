import { FollowingFeed } from '../features/follows/following-feed.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /following (signed in): the followed bettors' picks. */
export default function FollowingPage() {
  const { user } = useAuth();
  useDocumentTitle('Following');
  return user ? <FollowingFeed userId={user.id} /> : null;
}

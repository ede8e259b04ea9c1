import { useAuth } from '../features/auth/auth-provider.tsx';
import { Dashboard } from '../features/bets/dashboard.tsx';
import { ChooseUsernameCard } from '../features/profiles/choose-username-card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /dashboard (signed-in only: the route guard renders this with a user). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  if (!user) return null;
  // A new account's username is neutral (bettor_xxxxxx) until its owner picks one.
  return <Dashboard user={user} prompt={<ChooseUsernameCard userId={user.id} />} />;
}

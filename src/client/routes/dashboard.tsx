import { useEffect } from 'react';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { Dashboard } from '../features/bets/dashboard.tsx';
import { ChooseUsernameCard } from '../features/profiles/choose-username-card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { keepOfflineShell } from '../lib/offline-shell.ts';

/** /dashboard (signed-in only: the route guard renders this with a user). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const userId = user?.id;
  // The installed app opens here: keep this page for opening offline (the worker's shell).
  useEffect(() => {
    if (userId) keepOfflineShell().catch((err: unknown) => console.warn('Offline shell not kept', err));
  }, [userId]);
  if (!user) return null;
  // A new account's username is neutral (bettor_xxxxxx) until its owner picks one.
  return <Dashboard user={user} prompt={<ChooseUsernameCard userId={user.id} />} />;
}

import { useParams } from 'react-router';
import { PublicProfileView } from '../features/profiles/public-profile.tsx';

/** /{username}: anyone's public profile (the server decides what a private one shows). */
export default function PublicProfilePage() {
  const { username = '' } = useParams();
  // A new username is a new page: reset every state instead of flashing the previous profile.
  return <PublicProfileView key={username.toLowerCase()} username={username} />;
}

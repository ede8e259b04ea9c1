import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function FollowPage() {
  return <PlaceholderPage title="Follow Us" lead="Join the betproof community on social media." />;
}

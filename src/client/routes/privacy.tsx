import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" />;
}

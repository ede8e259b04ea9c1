import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function AboutPage() {
  return <PlaceholderPage title="About Us" lead="Why we built betproof, and the people behind it." />;
}

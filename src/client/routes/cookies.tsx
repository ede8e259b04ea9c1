import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function CookiesPage() {
  return <PlaceholderPage title="Cookie Policy" />;
}

import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function SpotlightPage() {
  return <PlaceholderPage title="Bettor Spotlight" lead="The community's top performers." />;
}

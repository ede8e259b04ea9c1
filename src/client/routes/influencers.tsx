import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function InfluencersPage() {
  return <PlaceholderPage title="Influencers" lead="Betting influencers with a verified, public record." />;
}

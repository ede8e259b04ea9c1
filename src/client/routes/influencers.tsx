import { InfluencersPage } from '../features/community/influencers-page.tsx';

export default function InfluencersRoute() {
  return <InfluencersPage />;
}

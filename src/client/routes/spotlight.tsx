import { SpotlightPage } from '../features/community/spotlight-page.tsx';

export default function SpotlightRoute() {
  return <SpotlightPage />;
}

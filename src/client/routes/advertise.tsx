import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function AdvertisePage() {
  return <PlaceholderPage title="Advertise with Us" lead="Reach an engaged audience of sports bettors." />;
}

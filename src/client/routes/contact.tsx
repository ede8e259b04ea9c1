import { PlaceholderPage } from '../components/layout/placeholder-page.tsx';

export default function ContactPage() {
  return <PlaceholderPage title="Contact Us" lead="Questions, feedback or partnership ideas? Get in touch." />;
}

import { useParams } from 'react-router';
import { PageContainer, PageHeading } from '../components/layout/page.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Placeholder: public profiles are a later issue. */
export default function PublicProfilePage() {
  const { username = '' } = useParams();
  useDocumentTitle(`@${username}`);
  return (
    <PageContainer>
      <PageHeading title={`@${username}`} lead="Public profiles are coming soon." />
    </PageContainer>
  );
}

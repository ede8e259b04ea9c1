import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageContainer, PageHeading } from './page.tsx';

/** A stand-in for a page another issue builds: its heading, title and a short note. */
export function PlaceholderPage({ title, lead }: { title: string; lead?: string }) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <PageHeading title={title} lead={lead ?? 'This page is coming soon.'} />
    </PageContainer>
  );
}

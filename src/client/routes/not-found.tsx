import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/layout/page.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="max-w-md text-muted-foreground">
        The page <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{location.pathname}</code> does not
        exist or has moved.
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </PageContainer>
  );
}

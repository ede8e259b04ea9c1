import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../ui/button.tsx';
import { PageContainer, PageHeading } from './page.tsx';

/** Shown when a page fails to load or render (e.g. a code chunk from an older deploy is gone). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <PageContainer className="flex flex-col items-start gap-6">
      <PageHeading
        title="Something went wrong"
        lead="This page could not be loaded. Reloading usually fixes it; if it does not, try again later."
      />
      {detail && <p className="text-sm break-all text-muted-foreground">Details: {detail}</p>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

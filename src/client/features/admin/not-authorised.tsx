import { Link } from 'react-router';
import { ShieldX } from 'lucide-react';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageContainer } from '../../components/layout/page.tsx';

/** What a signed-in non-admin sees at /admin. */
export function NotAuthorised() {
  return (
    <PageContainer className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
      <ShieldX className="size-12 text-negative" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Not authorised</h1>
      <p className="max-w-md text-muted-foreground">
        The admin dashboard is for administrators only. Your account does not have access to it.
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </Button>
    </PageContainer>
  );
}

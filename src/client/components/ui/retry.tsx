import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** What a retry needs of a TanStack query. */
interface Refetchable {
  refetch: () => unknown;
  isFetching: boolean;
}

/** 'Try again' under a query that failed: refetches it, with a spinner while it does. */
export function RetryButton({ query }: { query: Refetchable }) {
  return (
    <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
      {query.isFetching ? <Spinner className="size-4" /> : <RefreshCw aria-hidden="true" />}
      Try again
    </Button>
  );
}

/** A dashboard's alert where its figures should be: the reason, then a 'Try again' link-button. */
export function LoadErrorAlert({ query, children }: { query: Pick<Refetchable, 'refetch'>; children: ReactNode }) {
  return (
    <p className="rounded-lg border border-border bg-card p-4 text-sm text-muted-foreground" role="alert">
      {children}{' '}
      <button
        type="button"
        className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
        onClick={() => void query.refetch()}
      >
        Try again
      </button>
    </p>
  );
}

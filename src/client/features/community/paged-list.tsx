import type { ReactNode } from 'react';
import type { RecordDisclosure } from '../../../shared/disclosures.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/**
 * The states of a community list loaded a page at a time (the influencer directory, the spotlight
 * leaderboard): both read the same paged answer and show its loading, failure and "more" alike, so
 * one change of look or wording reaches both.
 */

/** What these parts need of a TanStack infinite query. */
interface PagedQuery {
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The record disclosures of every page loaded so far, by username (each page carries its own). */
export const pagesDisclosures = (pages: readonly { disclosures: Record<string, RecordDisclosure> }[]) =>
  Object.assign({}, ...pages.map((page) => page.disclosures)) as Record<string, RecordDisclosure>;

/** The list's place while its first page loads, announced as a status. */
export function ListLoading({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="text-primary" />
      {children}
    </div>
  );
}

/** The list's place when its first page failed: what could not be loaded, why, and 'Try again'. */
export function ListLoadError({ what, error, query }: { what: string; error: Error; query: PagedQuery }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-medium">Could not load the {what}.</p>
      <p className="text-sm text-muted-foreground">{error.message}</p>
      <Button variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Card>
  );
}

/** The button under the list that loads its next page, while there is one; `children` is its text. */
export function NextPageButton({ query, children }: { query: PagedQuery; children: ReactNode }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      {query.isFetchingNextPage && <Spinner className="size-4" />}
      {children}
    </Button>
  );
}

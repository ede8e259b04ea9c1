import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** What the button needs of an infinite query (TanStack Query's useInfiniteQuery result). */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a paged list, while there is a next page; busy while it loads. */
export function LoadMoreButton({ pages }: { pages: NextPages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      onClick={() => void pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage && <Spinner className="size-4" />}
      {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
    </Button>
  );
}

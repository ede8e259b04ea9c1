import { useId } from 'react';
import { Inbox, RefreshCw } from 'lucide-react';
import type { useBetPages } from './use-bets.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BetListItem } from './bet-list-item.tsx';

interface RecentBetsProps {
  pages: ReturnType<typeof useBetPages>;
  /** All the user's bets, from the statistics, for 'Showing 20 of 25'. */
  totalBets: number | undefined;
}

/** 'Recent Bets': newest first, a page of 20 at a time with 'Load more'. */
export function RecentBets({ pages, totalBets }: RecentBetsProps) {
  const headingId = useId();
  const bets = pages.data?.pages.flatMap((page) => page.bets) ?? [];

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          Recent Bets
        </h2>
        {bets.length > 0 && totalBets !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {bets.length} of {Math.max(totalBets, bets.length)}
          </p>
        )}
      </div>

      {pages.isError && bets.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-medium">Failed to load bets</p>
          <Button variant="outline" onClick={() => void pages.refetch()} disabled={pages.isFetching}>
            {pages.isFetching ? <Spinner className="size-4" /> : <RefreshCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      ) : bets.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No bets recorded yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Use ‘Record New Bet’ before your next event starts to begin your honest record.
          </p>
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
            {bets.map((bet) => (
              <BetListItem key={bet.id} bet={bet} />
            ))}
          </ul>
          {pages.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage && <Spinner className="size-4" />}
              {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
            </Button>
          )}
          {pages.isFetchNextPageError && (
            <p className="text-center text-sm text-destructive" role="alert">
              Failed to load bets.
            </p>
          )}
        </>
      )}
    </Card>
  );
}

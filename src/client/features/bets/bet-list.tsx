import { useId, type ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { ListHeader } from '../../components/ui/list-header.tsx';
import { LoadMoreButton } from '../../components/ui/load-more-button.tsx';
import { RetryButton } from '../../components/ui/retry.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';

/** Pages of bets from a cursor-paged endpoint (the owner's, or a profile's record). */
export type BetPages = UseInfiniteQueryResult<InfiniteData<{ bets: Bet[]; nextCursor: string | null }>>;

interface BetListProps {
  title: string;
  pages: BetPages;
  /** All the bets, from the statistics, for 'Showing 20 of 25' (undefined: not known). */
  totalBets: number | undefined;
  /** Under 'No bets recorded yet'. */
  emptyText?: ReactNode;
  /** One bet's row. */
  children: (bet: Bet) => ReactNode;
}

/** A list of bets, newest first, a page of 20 at a time with 'Load more': the dashboard's and a profile's. */
export function BetList({ title, pages, totalBets, emptyText, children }: BetListProps) {
  const headingId = useId();
  const bets = pages.data?.pages.flatMap((page) => page.bets) ?? [];

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <ListHeader id={headingId} title={title}>
        {bets.length > 0 && totalBets !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {bets.length} of {Math.max(totalBets, bets.length)}
          </p>
        )}
      </ListHeader>

      {pages.isPending ? (
        <LoadingStatus className="py-10">Loading bets...</LoadingStatus>
      ) : pages.isError && bets.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-medium">Failed to load bets</p>
          <RetryButton query={pages} />
        </div>
      ) : bets.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No bets recorded yet</p>
          {emptyText && <p className="max-w-sm text-sm text-muted-foreground">{emptyText}</p>}
        </div>
      ) : (
        <>
          <ul
            aria-labelledby={headingId}
            className="flex flex-col divide-y divide-border *:[content-visibility:auto] *:[contain-intrinsic-size:auto_7rem]"
          >
            {bets.map(children)}
          </ul>
          <LoadMoreButton pages={pages} />
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

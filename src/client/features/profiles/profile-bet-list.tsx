import { useId, type ReactNode } from 'react';
import { AlertTriangle, Clock, Inbox, RefreshCw } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { OVERDUE_AFTER_HOURS, type Bet, type BetStatus } from '../../../shared/bets.ts';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useBetTiming } from '../bets/record-rules.tsx';
import { sportLabel } from '../bets/sports.ts';
import { formatLeadTime } from './format.ts';

const STATUS_BADGE: Record<BetStatus, { label: string; variant: 'warning' | 'success' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  won: { label: 'Won', variant: 'success' },
  lost: { label: 'Lost', variant: 'destructive' },
};

function Detail({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}

/** One bet of a record, read-only: what, at what odds and stake, its outcome, and when it was recorded. */
export function ProfileBetItem({ bet }: { bet: Bet }) {
  const status = STATUS_BADGE[bet.status];
  const profit = bet.profitLoss;
  const { overdue } = useBetTiming(bet);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-1.5">
        <p className="font-semibold break-words text-foreground">{bet.description}</p>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={status.variant}>{status.label}</Badge>
          {overdue && (
            <Badge variant="destructive" title={`Still pending ${OVERDUE_AFTER_HOURS}+ hours after the event started`}>
              <AlertTriangle aria-hidden="true" />
              Overdue
            </Badge>
          )}
          <Badge variant="outline">{sportLabel(bet.sport)}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]">
        <Detail term="Odds">{bet.odds}</Detail>
        <Detail term="Stake">{formatMoney(bet.amount)}</Detail>
        <Detail term="Profit/Loss">
          {profit === null ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <span className={profit.startsWith('-') ? 'text-negative' : 'text-positive'}>
              {formatSignedMoney(profit)}
            </span>
          )}
        </Detail>
        <Detail term="Event" className="col-span-2 sm:col-span-1">
          <time dateTime={bet.eventDate}>{formatDateTime(bet.eventDate)}</time>
        </Detail>
      </dl>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        <span>
          Recorded {formatLeadTime(bet.createdAt, bet.eventDate)} before the event (
          <time dateTime={bet.createdAt}>{formatDateTime(bet.createdAt)}</time>)
        </span>
      </p>
    </li>
  );
}

type BetPages = UseInfiniteQueryResult<InfiniteData<{ bets: Bet[]; nextCursor: string | null }>>;

interface ProfileBetListProps {
  title: string;
  pages: BetPages;
  /** All the profile's bets, from its statistics, for 'Showing 20 of 25'. */
  totalBets: number;
  emptyTitle: string;
  emptyText?: ReactNode;
}

/** A record, newest first, 20 at a time with 'Load more'. */
export function ProfileBetList({ title, pages, totalBets, emptyTitle, emptyText }: ProfileBetListProps) {
  const headingId = useId();
  const bets = pages.data?.pages.flatMap((page) => page.bets) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {bets.length > 0 && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {bets.length} of {Math.max(totalBets, bets.length)}
          </p>
        )}
      </div>

      {pages.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading bets...
        </div>
      ) : pages.isError && bets.length === 0 ? (
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
          <p className="font-medium">{emptyTitle}</p>
          {emptyText && <p className="max-w-sm text-sm text-muted-foreground">{emptyText}</p>}
        </div>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
            {bets.map((bet) => (
              <ProfileBetItem key={bet.id} bet={bet} />
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
    </div>
  );
}

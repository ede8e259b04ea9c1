import { useId } from 'react';
import { History } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ListHeader } from '../../components/ui/list-header.tsx';
import { LoadMoreButton } from '../../components/ui/load-more-button.tsx';
import { RetryButton } from '../../components/ui/retry.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { BetRow } from '../bets/index.ts';
import { useImportedPages } from './api/imports.ts';

/** The "Imported" mark every imported bet carries, wherever it is shown. */
export function ImportedBadge() {
  return (
    <Badge variant="outline" title="Imported from a file: your private history, not part of your public record">
      <History aria-hidden="true" />
      Imported
    </Badge>
  );
}

/**
 * The owner's imported history, newest event first, 20 at a time: apart from the record's list,
 * which is in the order bets were recorded (docs/decisions/009).
 */
export function ImportedBetList({ userId }: { userId: string }) {
  const headingId = useId();
  const pages = useImportedPages(userId);
  const bets = pages.data?.pages.flatMap((page) => page.bets) ?? [];
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <ListHeader id={headingId} title="Imported history" />
      <p className="text-sm text-muted-foreground">
        Only you see these. They are not part of your public record, ledger, rankings or achievements.
      </p>
      {pages.isPending ? (
        <LoadingStatus className="py-10">Loading imported bets...</LoadingStatus>
      ) : pages.isError && bets.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="font-medium">Failed to load your imported history</p>
          <RetryButton query={pages} />
        </div>
      ) : bets.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">
          No imported bets. Use Import history to bring in bets from a spreadsheet or another tracker.
        </p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
            {bets.map((bet) => (
              <BetRow key={bet.id} bet={bet} mark={<ImportedBadge />} />
            ))}
          </ul>
          <LoadMoreButton pages={pages} />
        </>
      )}
    </Card>
  );
}

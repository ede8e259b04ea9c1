/**
 * "Deleted before the start": the bets a bettor deleted (within 15 minutes of recording, before the
 * event), read from their public ledger, on their profile (docs/decisions/041).
 */
import { Trash2 } from 'lucide-react';
import { DELETED_HEADING } from '../../../shared/disclosures.ts';
import { Card } from '../../components/ui/card.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { Odds } from '../../components/ui/odds.tsx';
import { useDeletedBets } from './api/deleted-bets.ts';

export function DeletedBeforeStart({ username }: { username: string }) {
  const deleted = useDeletedBets(username);
  const list = deleted.data;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6" role="region" aria-labelledby="deleted-bets-heading">
      <h2 id="deleted-bets-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Trash2 className="size-4" aria-hidden="true" />
        {DELETED_HEADING}
      </h2>
      <p className="text-sm text-muted-foreground">
        A bet can be deleted only in the 15 minutes after it is recorded, and before its event starts. Each deletion
        stays in the public ledger and is listed here.
      </p>
      {list === undefined ? (
        <p className="text-sm text-muted-foreground">{deleted.isError ? 'Could not load them.' : 'Loading…'}</p>
      ) : list.total === 0 ? (
        <p className="text-sm">None: nothing was deleted.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y">
            {list.bets.map((bet) => (
              <li key={bet.seq} className="flex flex-col gap-0.5 py-2 text-sm">
                <span className="font-medium break-words">{bet.description}</span>
                <span className="text-xs text-muted-foreground">
                  <Odds odds={bet.odds} /> · ${bet.stake} · deleted <DateTime iso={bet.deletedAt} /> · event{' '}
                  <DateTime iso={bet.eventStart} />
                </span>
              </li>
            ))}
          </ul>
          {list.total > list.bets.length && (
            <p className="text-xs text-muted-foreground">
              The latest {list.bets.length} of {list.total}; the ledger below has them all.
            </p>
          )}
        </>
      )}
    </Card>
  );
}

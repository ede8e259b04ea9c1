import { useId, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { DELETE_WINDOW_MINUTES, type SettledStatus } from '../../../shared/bets.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import {
  AlertDialog,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BetRow, SettleAfterHint, SettleButtons } from './bet-row.tsx';
import { OverdueBadge, PartOfRecordNote, useBetTiming } from './record-rules.tsx';
import { SettleConfirmDialog } from './settle-confirm.tsx';
import { useDeleteBet, useSettleBet } from './api/bets.ts';
import { ParlayLegs } from './parlay-legs.tsx';
import { GradedNote } from './graded-note.tsx';

/**
 * One bet: what was staked on what, when, its status, and what may be done with it now. Pending and
 * self-reported: Won / Lost / Void / push, disabled with the reason until the event starts; graded:
 * no settle buttons, a note that the result settles it. Delete while the event has not
 * started; after that the row says the bet is part of the record.
 */
export function BetListItem({ bet }: { bet: Bet }) {
  const settle = useSettleBet(bet);
  const remove = useDeleteBet(bet);
  const timing = useBetTiming(bet);
  const hintId = useId();
  const busy = settle.isPending || remove.isPending;
  // The result asked for, while the dialog asks to confirm it.
  const [confirming, setConfirming] = useState<SettledStatus | null>(null);
  const row = useRef<HTMLLIElement>(null);

  const deleteButton = timing.canDelete && (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="-mt-1 -mr-2 text-muted-foreground hover:text-destructive"
          aria-label={`Delete "${bet.description}"`}
          disabled={busy}
        >
          {remove.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" />}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogConfirm
          title="Delete this bet?"
          description={`“${bet.description}” will be removed from your statistics. A bet can be deleted only in the ${DELETE_WINDOW_MINUTES} minutes after it is recorded and before its event starts; the deletion stays visible on your profile and in your public ledger.`}
          action="Delete"
          variant="destructive"
          onAction={() => remove.mutate()}
        />
      </AlertDialogContent>
    </AlertDialog>
  );

  return (
    <BetRow
      ref={row}
      bet={bet}
      mark={timing.overdue && <OverdueBadge />}
      corner={deleteButton}
      potentialWin={bet.potentialWin}
      busy={busy}
    >
      {bet.legs && <ParlayLegs bet={bet} settleable />}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* A parlay is settled leg by leg, above. */}
        {bet.status === 'pending' && !bet.legs && bet.kind === 'graded' && <GradedNote />}
        {bet.status === 'pending' && !bet.legs && bet.kind !== 'graded' && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <div className="flex flex-wrap gap-2">
              <SettleButtons
                onSettle={setConfirming}
                disabled={busy || !timing.canSettle}
                name={(status) => `Mark "${bet.description}" as ${status}`}
                describedBy={timing.settleAfter ? hintId : undefined}
              />
            </div>
            <SettleAfterHint id={hintId} text={timing.settleAfter} />
            <SettleConfirmDialog
              bet={bet}
              status={confirming}
              onConfirm={(status) => settle.mutate(status)}
              onClose={() => setConfirming(null)}
              returnFocusTo={row}
            />
          </div>
        )}
        {!timing.canDelete && (
          <PartOfRecordNote className="sm:ml-auto" windowPassed={bet.status === 'pending' && !timing.started} />
        )}
      </div>
    </BetRow>
  );
}

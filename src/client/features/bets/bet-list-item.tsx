import { useId, type ReactNode } from 'react';
import { Check, Trash2, X } from 'lucide-react';
import type { Bet, BetStatus } from '../../../shared/bets.ts';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { sportLabel } from './sports.ts';
import { OverdueBadge, PartOfRecordNote, useBetTiming } from './record-rules.tsx';
import { useDeleteBet, useSettleBet } from './use-bets.ts';

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

/**
 * One bet: what was staked on what, when, its status, and what may be done with it now. Pending:
 * Won / Lost, disabled with the reason until the event starts. Delete while the event has not
 * started; after that the row says the bet is part of the record.
 */
export function BetListItem({ bet }: { bet: Bet }) {
  const settle = useSettleBet(bet);
  const remove = useDeleteBet(bet);
  const timing = useBetTiming(bet);
  const hintId = useId();
  const busy = settle.isPending || remove.isPending;
  const status = STATUS_BADGE[bet.status];
  const profit = bet.profitLoss;
  const settleDisabled = busy || !timing.canSettle;

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" aria-busy={busy || undefined}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="font-semibold break-words text-foreground">{bet.description}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant={status.variant}>{status.label}</Badge>
            {timing.overdue && <OverdueBadge />}
            <Badge variant="outline">{sportLabel(bet.sport)}</Badge>
          </div>
        </div>
        {timing.canDelete && (
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
              <AlertDialogHeader>
                <AlertDialogTitle>Delete this bet?</AlertDialogTitle>
                <AlertDialogDescription className="break-words">
                  “{bet.description}” will be removed from your statistics. A bet can be deleted only before its event
                  starts; the deletion stays visible in your public ledger.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => remove.mutate()}>
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.4fr)]">
        <Detail term="Odds">{bet.odds}</Detail>
        <Detail term="Stake">{formatMoney(bet.amount)}</Detail>
        <Detail term="Potential win">{formatMoney(bet.potentialWin)}</Detail>
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

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {bet.status === 'pending' && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                className="border-emerald-300 text-emerald-800 hover:bg-emerald-50"
                aria-label={`Mark "${bet.description}" as won`}
                aria-describedby={timing.settleAfter ? hintId : undefined}
                disabled={settleDisabled}
                onClick={() => settle.mutate('won')}
              >
                <Check aria-hidden="true" />
                Won
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="border-red-300 text-red-800 hover:bg-red-50"
                aria-label={`Mark "${bet.description}" as lost`}
                aria-describedby={timing.settleAfter ? hintId : undefined}
                disabled={settleDisabled}
                onClick={() => settle.mutate('lost')}
              >
                <X aria-hidden="true" />
                Lost
              </Button>
            </div>
            {timing.settleAfter && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {timing.settleAfter}
              </p>
            )}
          </div>
        )}
        {!timing.canDelete && <PartOfRecordNote className="sm:ml-auto" />}
      </div>
    </li>
  );
}

import type { RefObject } from 'react';
import type { SettledStatus } from '../../../shared/bets.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { formatCents, parseMoney, settlementProfitCents } from '../../../shared/money.ts';
import { formatMoney, formatSignedMoney } from '../../lib/format.ts';
import { AlertDialog, AlertDialogConfirm, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';

const RESULT_NAME: Record<SettledStatus, string> = { won: 'won', lost: 'lost', void: 'void / push' };

/**
 * What settling a bet as `status` will do, in words, before it is final:
 * 'Mark as won: +$15.00 profit. Settled bets can't be changed.'
 */
export function settleConfirmText(bet: Pick<Bet, 'amount' | 'potentialWin'>, status: SettledStatus): string {
  const profit = formatCents(settlementProfitCents(status, parseMoney(bet.amount)!, parseMoney(bet.potentialWin)!)!);
  const outcome =
    status === 'won'
      ? `${formatSignedMoney(profit)} profit`
      : status === 'lost'
        ? `${formatSignedMoney(profit)}, the stake`
        : `the ${formatMoney(bet.amount)} stake comes back, ${formatMoney(profit)} profit`;
  return `Mark as ${RESULT_NAME[status]}: ${outcome}. Settled bets can't be changed.`;
}

interface SettleConfirmDialogProps {
  bet: Pick<Bet, 'description' | 'amount' | 'potentialWin'>;
  /** The result asked for; null: the dialog is closed. */
  status: SettledStatus | null;
  onConfirm: (status: SettledStatus) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes: the bet's row (its buttons may be gone once it is settled). */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** What settling does, when it is not the bet's own profit (a parlay's leg: its parlay decides). */
  text?: (status: SettledStatus) => string;
}

/** Asks before a bet is settled, showing the result: a settled bet is final. */
export function SettleConfirmDialog({
  bet,
  status,
  onConfirm,
  onClose,
  returnFocusTo,
  text,
}: SettleConfirmDialogProps) {
  return (
    <AlertDialog open={status !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {status && (
          <AlertDialogConfirm
            title={`Mark as ${RESULT_NAME[status]}?`}
            description={`“${bet.description}” — ${text ? text(status) : settleConfirmText(bet, status)}`}
            action={`Mark as ${RESULT_NAME[status]}`}
            onAction={() => onConfirm(status)}
          />
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

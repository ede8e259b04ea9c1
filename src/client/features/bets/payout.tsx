/**
 * The potential win as a bet is typed, in the green box of the record-bet dialog (a single bet's)
 * and of ParlayPreview (a parlay's): its visible label, hidden from screen readers because the
 * figure carries the label itself, and the figure, announced as it changes.
 */
import { FIGURES } from '../../../shared/figures.ts';
import { formatMoney } from '../../lib/format.ts';

export function PayoutLabel() {
  return (
    <p className="text-sm font-medium text-emerald-900" aria-hidden="true">
      {FIGURES.payout.label}
    </p>
  );
}

/** The amount, or a dash while stake and odds do not give one. */
export function PayoutFigure({ value }: { value: string | null }) {
  return (
    <p
      className="text-xl font-semibold text-emerald-900 tabular-nums"
      aria-live="polite"
      aria-atomic="true"
      data-testid="potential-win"
    >
      <span className="sr-only">{FIGURES.payout.label}: </span>
      {value === null ? '—' : formatMoney(value)}
    </p>
  );
}

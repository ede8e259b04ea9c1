/**
 * A parlay's combined odds and potential win as its legs are typed (previewParlay in
 * src/shared/parlays.ts): the record-bet dialog's Parlay mode and the landing page's demo.
 */
import { FIGURES } from '../../../shared/figures.ts';
import { formatMoney } from '../../lib/format.ts';
import { Odds } from '../../components/ui/odds.tsx';

export function ParlayPreview({ preview }: { preview: { odds: string; potentialWin: string } | null }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3">
      <div>
        <p className="text-sm font-medium text-emerald-900">Combined odds</p>
        <p className="text-xl font-semibold text-emerald-900 tabular-nums" data-testid="combined-odds">
          {preview ? <Odds odds={preview.odds} entered="Decimal" /> : '—'}
        </p>
      </div>
      <div className="text-right">
        <p className="text-sm font-medium text-emerald-900" aria-hidden="true">
          {FIGURES.payout.label}
        </p>
        <p
          className="text-xl font-semibold text-emerald-900 tabular-nums"
          aria-live="polite"
          aria-atomic="true"
          data-testid="potential-win"
        >
          <span className="sr-only">{FIGURES.payout.label}: </span>
          {preview === null ? '—' : formatMoney(preview.potentialWin)}
        </p>
      </div>
    </div>
  );
}

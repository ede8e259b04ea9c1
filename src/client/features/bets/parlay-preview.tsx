/**
 * A parlay's combined odds and potential win as its legs are typed (previewParlay in
 * src/shared/parlays.ts): the record-bet dialog's Parlay mode and the landing page's demo.
 */
import { Odds } from '../../components/ui/odds.tsx';
import { PayoutFigure, PayoutLabel } from './payout.tsx';

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
        <PayoutLabel />
        <PayoutFigure value={preview === null ? null : preview.potentialWin} />
      </div>
    </div>
  );
}

import { Trash2 } from 'lucide-react';
import type { BetStatus } from '../../../shared/bets.ts';
import { PARLAY_MIN_LEGS } from '../../../shared/parlays.ts';
import { Button } from '../../components/ui/button.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { Odds } from '../../components/ui/odds.tsx';
import { BetStatusBadge } from './bet-row.tsx';
import { sportLabel } from './sports.ts';

export type BetMode = 'single' | 'parlay';

/** "Single bet" / "Parlay": the record form's choice (the dashboard's dialog and the demo's form). */
export function BetTypeSwitch({ mode, onChange }: { mode: BetMode; onChange: (mode: BetMode) => void }) {
  return (
    <div role="group" aria-label="Bet type" className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1">
      {(['single', 'parlay'] as const).map((value) => (
        <Button
          key={value}
          type="button"
          variant={mode === value ? 'default' : 'ghost'}
          size="sm"
          aria-pressed={mode === value}
          onClick={() => onChange(value)}
        >
          {value === 'single' ? 'Single bet' : 'Parlay'}
        </Button>
      ))}
    </div>
  );
}

/** A leg's heading in a parlay form, with its Remove button (off while the parlay has its fewest legs). */
export function LegFieldsHeader({ n, legCount, onRemove }: { n: number; legCount: number; onRemove: () => void }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <p className="text-sm font-semibold">Leg {n}</p>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-destructive"
        aria-label={`Remove leg ${n}`}
        disabled={legCount <= PARLAY_MIN_LEGS}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </div>
  );
}

/** A leg's description and result, its sport, odds and start (a parlay's row, and the demo's). */
export function LegSummary({
  leg,
}: {
  leg: { position: number; description: string; status: BetStatus; sport: string; odds: string; eventDate: string };
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-medium break-words">
          Leg {leg.position}: {leg.description}
        </span>
        <BetStatusBadge status={leg.status} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {sportLabel(leg.sport)} · <Odds odds={leg.odds} /> · <DateTime iso={leg.eventDate} />
      </p>
    </>
  );
}

import { useId, useState } from 'react';
import { ChevronDown, Clock, Layers } from 'lucide-react';
import type { Bet, BetPosition } from '../../../shared/bet-schemas.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DateTime } from '../../components/ui/date-time.tsx';
import { Odds } from '../../components/ui/odds.tsx';
import { cn } from '../../lib/utils.ts';
import { BetRow, MoneyWithUnits } from '../bets/index.ts';
import { formatDuration } from '../../../shared/time-units.ts';
import { BetSeal } from './bet-seal.tsx';
import type { ShownSeals } from './api/seals.ts';

/** The button that lists a position's bets: "Position: 3 bets". */
export const positionLabel = (position: BetPosition) => `Position: ${position.bets} bets`;

/**
 * The unit size a position's sums are in: the one kept with each of its bets when they all share it
 * and all are listed; null otherwise (units of different sizes do not add up), so the position
 * shows dollars alone while each listed bet still shows its own units.
 */
function commonUnitSize(position: BetPosition): string | null {
  const [first, ...rest] = position.parts;
  if (!first || position.parts.length < position.bets) return null;
  return rest.every((part) => part.unitSize === first.unitSize) ? first.unitSize : null;
}

/**
 * A pick entered more than once, as it counts: one position (stakes summed, odds weighted by stake,
 * one result), its bets listed under it on demand, each with when it was recorded, its stake and odds.
 */
export function PositionItem({
  bet,
  position,
  seals,
}: {
  /** One of its bets: the pick's description, sport and event. */
  bet: Bet;
  position: BetPosition;
  seals?: ShownSeals | undefined;
}) {
  const [open, setOpen] = useState(false);
  const partsId = useId();
  const row = {
    ...bet,
    amount: position.stake,
    odds: position.odds,
    status: position.status,
    profitLoss: position.profitLoss,
    unitSize: commonUnitSize(position),
  };
  const mark = (
    <Badge variant="outline" title="Bets on the same pick count as one position: stakes summed, odds weighted by stake">
      <Layers aria-hidden="true" />
      {position.bets} bets, one pick
    </Badge>
  );
  return (
    <BetRow bet={row} mark={mark}>
      <div className="flex flex-col gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2 self-start"
          aria-expanded={open}
          aria-controls={partsId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
          {positionLabel(position)}
        </Button>
        <ol
          id={partsId}
          hidden={!open}
          aria-label="Bets of this position"
          className="flex flex-col gap-2 border-l pl-3"
        >
          {position.parts.map((part) => (
            <li key={part.id} className="flex flex-col gap-0.5 text-sm">
              <span className="tabular-nums">
                <MoneyWithUnits amount={part.amount} unitSize={part.unitSize} /> at <Odds odds={part.decimalOdds} />
              </span>
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Clock className="size-3.5 shrink-0" aria-hidden="true" />
                <span>
                  Recorded {formatDuration(Date.parse(bet.eventDate) - Date.parse(part.createdAt))} before the event (
                  <DateTime iso={part.createdAt} />)
                </span>
              </span>
              {seals?.byBet.has(part.id) && (
                <BetSeal seal={seals.byBet.get(part.id)!} logCreatedAt={seals.logCreatedAt} eventDate={bet.eventDate} />
              )}
            </li>
          ))}
          {position.parts.length < position.bets && (
            <li className="text-xs text-muted-foreground">
              The first {position.parts.length} of its {position.bets} bets are listed.
            </li>
          )}
        </ol>
      </div>
    </BetRow>
  );
}

import { useId } from 'react';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { chanceInWords } from '../../../shared/stats.ts';
import { formatSignedPercent } from '../../lib/format.ts';
import { Card } from '../../components/ui/card.tsx';

/**
 * The record the rankings read (docs/decisions/038), in plain words: how many graded picks at
 * real prices on how many events, the luck-adjusted yield, and how often a break-even bettor on the
 * same prices would do as well — or how many events are still needed to be ranked.
 */
export function RankedRecord({ ranking }: { ranking: PublicProfile['ranking'] }) {
  const headingId = useId();
  const ranked = ranking.events >= ranking.minEvents;
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-1.5 p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold">
        For the rankings
      </h2>
      <p className="text-sm" data-testid="ranked-record">
        {ranking.positions} graded {ranking.positions === 1 ? 'pick' : 'picks'} won or lost at odds of 1.20 or more, on{' '}
        {ranking.events} {ranking.events === 1 ? 'event' : 'events'}
        {ranking.luckAdjustedYield !== null && (
          <>
            {' '}
            · luck-adjusted yield{' '}
            <span className="font-semibold tabular-nums">{formatSignedPercent(ranking.luckAdjustedYield)}</span>
          </>
        )}
        .
      </p>
      {ranking.breakEvenChance !== null && (
        <p className="text-sm" data-testid="ranked-luck">
          Luck alone: <span className="font-semibold">{chanceInWords(ranking.breakEvenChance)}</span> that a break-even
          bettor does this well.
        </p>
      )}
      {!ranked && (
        <p className="text-sm text-muted-foreground">
          Not ranked yet: it takes graded picks on {ranking.minEvents} different events (
          {ranking.minEvents - ranking.events} more). Bets on the same pick count once.
        </p>
      )}
    </Card>
  );
}

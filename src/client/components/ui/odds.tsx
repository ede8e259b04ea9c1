import { displayOdds } from '../../../shared/odds.ts';
import { useOddsFormat } from '../../lib/odds-preference.ts';

/**
 * Odds in the reader's chosen format; the odds as the bettor entered them (or as computed, for a
 * parlay's combined odds) on hover.
 */
export function Odds({ odds, entered = 'As recorded:' }: { odds: string; entered?: string }) {
  const format = useOddsFormat();
  const shown = displayOdds(odds, format);
  return (
    <span className="tabular-nums" title={`${entered} ${odds}`}>
      {shown}
    </span>
  );
}

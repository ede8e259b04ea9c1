/**
 * A profile's closing-line value and its picks above the market (docs/decisions/040), in plain
 * words: on the profile and in the analytics tab. Both state their figures at the best price
 * (statsAtMarketPrices; the analytics' profit line, sports and months too), all but the drawdown.
 */
import { TrendingUp } from 'lucide-react';
import { signedPercent, type MarketFigures } from '../../../shared/market.ts';
import { Card } from '../../components/ui/card.tsx';

export const MARKET_HEADING = 'Against the closing line';

const picks = (n: number) => (n === 1 ? '1 pick' : `${n} picks`);

export function MarketFiguresCard({ market }: { market: MarketFigures }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" role="region" aria-labelledby="market-figures-heading">
      <h2 id="market-figures-heading" className="flex items-center gap-2 text-base font-semibold">
        <TrendingUp className="size-4" aria-hidden="true" />
        {MARKET_HEADING}
      </h2>
      {market.closes > 0 && market.averageClv !== null && market.beatCloseShare !== null ? (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Average closing-line value</dt>
            <dd className="text-lg font-semibold tabular-nums">{signedPercent(market.averageClv)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Beat the close</dt>
            <dd className="text-lg font-semibold tabular-nums">{Math.round(market.beatCloseShare * 100)}%</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">No graded pick has a closing price yet.</p>
      )}
      <p className="text-xs text-muted-foreground">
        {market.closes > 0 && `Over ${picks(market.closes)} with closing prices. `}
        Closing-line value is the odds taken over the fair closing odds (the bookmakers&rsquo; closing prices without
        their margin), less one: beating the close is what an edge looks like before results do.
      </p>
      {market.aboveMarket > 0 && (
        <p className="text-xs font-medium text-amber-900">
          {picks(market.aboveMarket)} at odds above market (more than 5% above the best price any bookmaker offered){' '}
          {market.aboveMarket === 1 ? 'counts' : 'count'} at that best price in these figures; the drawdown is the
          record&rsquo;s as settled.
        </p>
      )}
    </Card>
  );
}

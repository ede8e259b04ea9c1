import type { ReactNode } from 'react';
import { AlertTriangle, Clock, TrendingDown } from 'lucide-react';
import { OVERDUE_AFTER_HOURS } from '../../../shared/bets.ts';
import type { Bet, BetPage, BetPosition } from '../../../shared/bet-schemas.ts';
import { positionKey } from '../../../shared/bets.ts';
import { ABOVE_MARKET_LABEL, signedPercent, type BetMarket } from '../../../shared/market.ts';
import type { ProfileBetPage } from '../../../shared/profile-schemas.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { BetList, BetRow, ParlayLegs, useBetTiming, type BetPages } from '../bets/index.ts';
import { formatDuration } from '../../../shared/time-units.ts';
import { DateTime } from '../../components/ui/date-time.tsx';
import { displayOdds } from '../../../shared/odds.ts';
import { useOddsFormat } from '../../lib/odds-preference.ts';
import { BetSeal } from './bet-seal.tsx';
import { useShownSeals, type ShownSeals } from './api/seals.ts';
import { PositionItem } from './position-item.tsx';

/** One bet of a record, read-only: what, at what odds and stake, its outcome, and when it was recorded. */
export function ProfileBetItem({
  bet,
  seals,
  market,
}: {
  bet: Bet;
  /** The seals of the bets shown (bet-seal.tsx), when the list has a profile's username. */
  seals?: ShownSeals | undefined;
  /** The feed's prices for it (a graded bet on an event with prices): decision 040. */
  market?: BetMarket | undefined;
}) {
  const { overdue } = useBetTiming(bet);
  const oddsFormat = useOddsFormat();
  const overdueMark = overdue && (
    <Badge variant="destructive" title={`Still pending ${OVERDUE_AFTER_HOURS}+ hours after the event started`}>
      <AlertTriangle aria-hidden="true" />
      Overdue
    </Badge>
  );
  const aboveMark = market?.aboveMarket && (
    <Badge variant="warning" title={`Counted at ${displayOdds(market.countedOdds, oddsFormat)}, the best price seen`}>
      <TrendingDown aria-hidden="true" />
      {ABOVE_MARKET_LABEL}
    </Badge>
  );
  const mark = (overdueMark || aboveMark) && (
    <>
      {overdueMark}
      {aboveMark}
    </>
  );
  return (
    <BetRow bet={bet} mark={mark}>
      {bet.legs && <ParlayLegs bet={bet} />}
      {market && <MarketLine market={market} />}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        <span>
          Recorded {formatDuration(Date.parse(bet.eventDate) - Date.parse(bet.createdAt))} before the event (
          <DateTime iso={bet.createdAt} />)
        </span>
      </p>
      {seals?.byBet.has(bet.id) && (
        <BetSeal seal={seals.byBet.get(bet.id)!} logCreatedAt={seals.logCreatedAt} eventDate={bet.eventDate} />
      )}
    </BetRow>
  );
}

/** What the market offered for a graded bet: the best price, what it counts at, its closing-line value. */
function MarketLine({ market }: { market: BetMarket }) {
  const format = useOddsFormat();
  const shortOdds = (odds: string) => displayOdds(odds, format);
  const parts = [
    market.bestOdds !== null && `Best price seen ${shortOdds(market.bestOdds)}`,
    market.aboveMarket && `counted at ${shortOdds(market.countedOdds)}`,
    market.fairClose !== null && `fair close ${shortOdds(market.fairClose)}`,
    market.clv !== null && `CLV ${signedPercent(market.clv)}`,
  ].filter(Boolean);
  return <p className="text-xs text-muted-foreground">{parts.join(' · ')}</p>;
}

interface ProfileBetListProps {
  title: string;
  pages: BetPages;
  /** All the profile's bets, from its statistics, for 'Showing 20 of 25'. */
  totalBets: number;
  emptyText?: ReactNode;
  username?: string | undefined;
}

/**
 * Where a position of several bets shows, by bet id: the position at its newest bet loaded (the
 * list is newest first), null at its other bets (listed as its parts); bets of no such position
 * are absent.
 */
function positionsShown(pages: readonly BetPage[]): Map<string, BetPosition | null> {
  const known = new Map<string, BetPosition>();
  for (const page of pages)
    for (const [key, position] of Object.entries(page.positions ?? {})) known.set(key, position);
  const shown = new Map<string, BetPosition | null>();
  const placed = new Set<string>();
  for (const bet of pages.flatMap((page) => page.bets)) {
    const key = positionKey(bet);
    const position = key === null || bet.legs !== null ? undefined : known.get(key);
    if (!position || position.selection !== bet.selection || position.line !== bet.line) continue;
    shown.set(bet.id, placed.has(key!) ? null : position);
    placed.add(key!);
  }
  return shown;
}

/** A record, newest first, 20 at a time with 'Load more'; a pick entered more than once as one position. */
export function ProfileBetList({ title, pages, totalBets, emptyText, username }: ProfileBetListProps) {
  const markets: Record<string, BetMarket> = Object.assign(
    {},
    ...(pages.data?.pages.map((page) => (page as ProfileBetPage).markets ?? {}) ?? []),
  );
  const seals = useShownSeals(username, pages.data?.pages.map((page) => page.bets.map((bet) => bet.id)) ?? []);
  const positions = positionsShown(pages.data?.pages ?? []);
  return (
    <BetList title={title} pages={pages} totalBets={totalBets} emptyText={emptyText}>
      {(bet) => {
        const shown = positions.get(bet.id);
        if (shown === null) return null;
        if (shown) return <PositionItem key={bet.id} bet={bet} position={shown} seals={seals} />;
        return <ProfileBetItem key={bet.id} bet={bet} seals={seals} market={markets[bet.id]} />;
      }}
    </BetList>
  );
}

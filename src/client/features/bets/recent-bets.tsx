import type { useBetPages } from './api/bets.ts';
import { BetList } from './bet-list.tsx';
import { BetListItem } from './bet-list-item.tsx';

interface RecentBetsProps {
  pages: ReturnType<typeof useBetPages>;
  /** All the user's bets, from the statistics, for 'Showing 20 of 25'. */
  totalBets: number | undefined;
}

/** 'Recent Bets': newest first, a page of 20 at a time with 'Load more'. */
export function RecentBets({ pages, totalBets }: RecentBetsProps) {
  return (
    <BetList
      title="Recent Bets"
      pages={pages}
      totalBets={totalBets}
      emptyText="Use ‘Record New Bet’ before your next event starts to begin your honest record."
    >
      {(bet) => <BetListItem key={bet.id} bet={bet} />}
    </BetList>
  );
}

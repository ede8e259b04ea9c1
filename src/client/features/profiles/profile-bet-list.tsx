import type { ReactNode } from 'react';
import { AlertTriangle, Clock } from 'lucide-react';
import { OVERDUE_AFTER_HOURS } from '../../../shared/bets.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { BetList, BetRow, ParlayLegs, useBetTiming, type BetPages } from '../bets/index.ts';
import { formatLeadTime } from './format.ts';
import { DateTime } from '../../components/ui/date-time.tsx';
import { BetSeal } from './bet-seal.tsx';

/** One bet of a record, read-only: what, at what odds and stake, its outcome, and when it was recorded. */
export function ProfileBetItem({
  bet,
  unitSize,
  username,
}: {
  bet: Bet;
  unitSize?: string | null | undefined;
  /** The profile's username: its bets show their seals (bet-seal.tsx). */
  username?: string | undefined;
}) {
  const { overdue } = useBetTiming(bet);
  const mark = overdue && (
    <Badge variant="destructive" title={`Still pending ${OVERDUE_AFTER_HOURS}+ hours after the event started`}>
      <AlertTriangle aria-hidden="true" />
      Overdue
    </Badge>
  );
  return (
    <BetRow bet={bet} mark={mark} unitSize={unitSize}>
      {bet.legs && <ParlayLegs bet={bet} />}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        <span>
          Recorded {formatLeadTime(bet.createdAt, bet.eventDate)} before the event (
          <DateTime iso={bet.createdAt} />)
        </span>
      </p>
      {username && <BetSeal username={username} betId={bet.id} eventDate={bet.eventDate} />}
    </BetRow>
  );
}

interface ProfileBetListProps {
  title: string;
  pages: BetPages;
  /** All the profile's bets, from its statistics, for 'Showing 20 of 25'. */
  totalBets: number;
  emptyText?: ReactNode;
  /** The bettor's unit size: stakes and profit in units too. */
  unitSize?: string | null | undefined;
  username?: string | undefined;
}

/** A record, newest first, 20 at a time with 'Load more'. */
export function ProfileBetList({ title, pages, totalBets, emptyText, unitSize, username }: ProfileBetListProps) {
  return (
    <BetList title={title} pages={pages} totalBets={totalBets} emptyText={emptyText}>
      {(bet) => <ProfileBetItem key={bet.id} bet={bet} unitSize={unitSize} username={username} />}
    </BetList>
  );
}

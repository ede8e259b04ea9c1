/**
 * The record's time rules as a bet row shows them, for the dashboard and the demo alike: Won/Lost
 * wait for the event to start, Delete is a correction before it, a bet pending 72 hours after its
 * start is overdue. The rules themselves are the shared ones (src/shared/bets.ts) the server uses.
 */
import { AlertTriangle, Lock } from 'lucide-react';
import {
  BET_PART_OF_RECORD_MESSAGE,
  DELETE_WINDOW_MS,
  DELETE_WINDOW_PASSED_MESSAGE,
  OVERDUE_AFTER_HOURS,
  OVERDUE_AFTER_MS,
  canDelete,
  canSettle,
  eventHasStarted,
  isOverdue,
  settleAfterMessage,
  type BetStatus,
} from '../../../shared/bets.ts';
import type { BetKind } from '../../../shared/events.ts';
import { useNow } from '../../lib/use-now.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../../components/ui/badge.tsx';

export interface BetTiming {
  /** The event has started: Won/Lost are open (while pending), Delete is not. */
  started: boolean;
  canSettle: boolean;
  canDelete: boolean;
  overdue: boolean;
  /** Why Won/Lost are disabled ("Settle after the event starts: Nov 21, 2026, 8:00 PM"), while they are. */
  settleAfter: string | null;
}

/**
 * Where a bet stands by the browser's clock, re-evaluated when its event starts and when it turns
 * overdue (the row re-renders at those instants; a settled bet no longer changes).
 */
export function useBetTiming(bet: {
  status: BetStatus;
  eventDate: string;
  createdAt?: string;
  kind?: BetKind;
  legs?: readonly { eventDate: string; status?: BetStatus; kind?: BetKind }[] | null;
}): BetTiming {
  const start = Date.parse(bet.eventDate);
  // The delete window's end too: Delete goes at that instant, not at the next render.
  const windowEnd = bet.createdAt === undefined ? start : Date.parse(bet.createdAt) + DELETE_WINDOW_MS;
  // Each leg's start turns the parlay overdue 72 hours later (isOverdue).
  const overdueAt = (bet.legs?.length ? bet.legs.map((leg) => Date.parse(leg.eventDate)) : [start]).map(
    (t) => t + OVERDUE_AFTER_MS,
  );
  const now = useNow(bet.status === 'pending' ? [Math.min(start, windowEnd), start, ...overdueAt] : []);
  const started = eventHasStarted(bet, now);
  return {
    started,
    canSettle: canSettle(bet, now),
    canDelete: canDelete(bet, now),
    overdue: isOverdue(bet, now),
    settleAfter: bet.status === 'pending' && !started ? settleAfterMessage(bet.eventDate) : null,
  };
}

export const PART_OF_RECORD_SHORT = "Part of your record — can't be deleted";

/**
 * Said where Delete was: the event has started, or the bet was recorded more than 15 minutes ago
 * (`windowPassed`, before its start), so the bet stays.
 */
export function PartOfRecordNote({ className, windowPassed = false }: { className?: string; windowPassed?: boolean }) {
  const reason = windowPassed ? DELETE_WINDOW_PASSED_MESSAGE : BET_PART_OF_RECORD_MESSAGE;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)} title={reason}>
      <Lock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      {/* The short words on screen; a screen reader gets the whole reason instead. */}
      <span aria-hidden="true">{PART_OF_RECORD_SHORT}</span>
      <span className="sr-only">{reason}</span>
    </p>
  );
}

export const OVERDUE_BADGE_TEXT = 'Overdue — settle it';

export function OverdueBadge() {
  return (
    <Badge variant="destructive">
      <AlertTriangle aria-hidden="true" />
      {OVERDUE_BADGE_TEXT}
    </Badge>
  );
}

/** The dashboard's words for `count` overdue bets (count > 0); the demo's say what a real profile would get. */
export function overdueNoticeText(count: number, demo = false): string {
  const bets = count === 1 ? '1 overdue bet' : `${count} overdue bets`;
  const them = count === 1 ? 'it' : 'them';
  return (
    `You have ${bets} (pending ${OVERDUE_AFTER_HOURS}+ hours after the event started). ` +
    (demo
      ? `On a real account, your profile would be left out of the Spotlight and the influencer ranking until you settle ${them}.`
      : `Until you settle ${them}, your profile is left out of the Spotlight and the influencer ranking.`)
  );
}

/** At the top of the dashboard (and the demo) while any bet is overdue. */
export function OverdueNotice({ count, demo, className }: { count: number; demo?: boolean; className?: string }) {
  if (count <= 0) return null;
  return (
    <div
      role="status"
      aria-label="Overdue bets"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900',
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
      <p>{overdueNoticeText(count, demo)}</p>
    </div>
  );
}

/**
 * The pieces of a bet's row, for the dashboard (the owner's row, with Won / Lost / Void and Delete), a
 * profile (read-only) and the demo (the same rules on bets kept in memory).
 */
import { FIGURES } from '../../../shared/figures.ts';
import type { ReactNode, Ref } from 'react';
import { Check, RotateCcw, X } from 'lucide-react';
import { STATUS_LABELS, type BetStatus, type SettledStatus } from '../../../shared/bets.ts';
import type { BetSummary } from '../../../shared/bet-schemas.ts';
import { BET_KIND_LABELS, type BetKind } from '../../../shared/events.ts';
import { formatUnits, parseMoney, toUnits } from '../../../shared/money.ts';
import { formatMoney, formatSignedMoney } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { sportLabel } from './sports.ts';
import { DateTime } from '../../components/ui/date-time.tsx';
import { Odds } from '../../components/ui/odds.tsx';

const STATUS_BADGE: Record<BetStatus, 'warning' | 'success' | 'destructive' | 'secondary'> = {
  pending: 'warning',
  won: 'success',
  lost: 'destructive',
  void: 'secondary',
};

/** 'Pending', 'Won', 'Lost' or 'Void / push'. */
export function BetStatusBadge({ status }: { status: BetStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{STATUS_LABELS[status]}</Badge>;
}

/**
 * An amount in the bettor's units, for beside the dollars ("2.5u", "+1.38u" signed); null without
 * a unit size. A bet's amounts are in the unit size kept with it (bet.unitSize), totals in the
 * setting now (stats.unitSize).
 */
export function unitsText(amount: string, unitSize: string | null | undefined, signed = false): string | null {
  if (!unitSize) return null;
  return formatUnits(toUnits(parseMoney(amount)!, parseMoney(unitSize)!), signed);
}

/** "$25.00" with "(2.5u)" after it, smaller, given a unit size. */
export function MoneyWithUnits({
  amount,
  unitSize,
  signed = false,
}: {
  amount: string;
  unitSize?: string | null | undefined;
  signed?: boolean;
}) {
  const units = unitsText(amount, unitSize, signed);
  return (
    <>
      {signed ? formatSignedMoney(amount) : formatMoney(amount)}
      {units && <span className="ml-1 text-xs font-normal text-muted-foreground">({units})</span>}
    </>
  );
}

/** One term of a bet's details and its value. */
export function BetDetail({ term, children, className }: { term: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}

/** A settled bet's profit or loss, signed and coloured ($0.00 of a void bet plain); '—' while pending. */
export function ProfitLoss({ value, unitSize }: { value: string | null; unitSize?: string | null | undefined }) {
  if (value === null) return <span className="text-muted-foreground">—</span>;
  const tone = value.startsWith('-') ? 'text-negative' : parseMoney(value) === 0n ? undefined : 'text-positive';
  return (
    <span className={tone}>
      <MoneyWithUnits amount={value} unitSize={unitSize} signed />
    </span>
  );
}

export const GRADED_TITLE = "On a listed event: graded from the event's result, not by the bettor";
export const SELF_REPORTED_TITLE = 'On an event the catalog does not list: settled by the bettor';

/** 'Graded' or 'Self-reported': who settles the bet, on every row that shows one. */
export function BetKindBadge({ kind }: { kind: BetKind }) {
  return (
    <Badge
      variant={kind === 'graded' ? 'secondary' : 'outline'}
      title={kind === 'graded' ? GRADED_TITLE : SELF_REPORTED_TITLE}
    >
      {BET_KIND_LABELS[kind]}
    </Badge>
  );
}

interface BetRowProps {
  bet: BetSummary;
  /** After the status: the overdue mark, in the owner's or a follower's words. */
  mark?: ReactNode;
  /** At the top right (the owner's Delete). */
  corner?: ReactNode;
  /** The owner's view shows the bet's potential win among the details. */
  potentialWin?: string | undefined;
  busy?: boolean;
  /** Under the details: what may be done with the bet, or when it was recorded. */
  children?: ReactNode;
  /** Given, the row can take focus (e.g. back from a dialog about this bet). */
  ref?: Ref<HTMLLIElement>;
}

/**
 * One bet of a list: what was staked on what, its status and sport, odds, stake, outcome and event
 * time; stake and outcome in units too when a unit size was kept with the bet at its recording
 * (a later change of the setting restates no row).
 */
export function BetRow({ bet, mark, corner, potentialWin, busy = false, children, ref }: BetRowProps) {
  return (
    <li
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className="flex flex-col gap-3 rounded-sm py-4 outline-offset-4 first:pt-0 last:pb-0"
      aria-busy={busy || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="font-semibold break-words text-foreground">{bet.description}</p>
          <div className="flex flex-wrap items-center gap-1.5">
            <BetStatusBadge status={bet.status} />
            {mark}
            <Badge variant="outline">{sportLabel(bet.sport)}</Badge>
            {bet.kind && <BetKindBadge kind={bet.kind} />}
          </div>
        </div>
        {corner}
      </div>
      <dl
        className={cn(
          'grid grid-cols-2 gap-x-4 gap-y-2',
          potentialWin !== undefined
            ? 'sm:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.4fr)]'
            : 'sm:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.6fr)]',
        )}
      >
        <BetDetail term="Odds">
          <Odds odds={bet.odds} />
        </BetDetail>
        <BetDetail term="Stake">
          <MoneyWithUnits amount={bet.amount} unitSize={bet.unitSize} />
        </BetDetail>
        {potentialWin !== undefined && <BetDetail term={FIGURES.payout.label}>{formatMoney(potentialWin)}</BetDetail>}
        <BetDetail term="Profit/Loss">
          <ProfitLoss value={bet.profitLoss} unitSize={bet.unitSize} />
        </BetDetail>
        <BetDetail term="Event" className="col-span-2 sm:col-span-1">
          <DateTime iso={bet.eventDate} />
        </BetDetail>
      </dl>
      {children}
    </li>
  );
}

const SETTLE_BUTTONS = [
  { status: 'won', Icon: Check, className: 'border-emerald-300 text-emerald-800 hover:bg-emerald-50' },
  { status: 'lost', Icon: X, className: 'border-red-300 text-red-800 hover:bg-red-50' },
  // A cancelled event or a push: the stake comes back, and no rate counts it.
  { status: 'void', Icon: RotateCcw, className: 'border-slate-300 text-slate-700 hover:bg-slate-50' },
] as const;

interface SettleButtonsProps {
  onSettle: (status: SettledStatus) => void;
  disabled: boolean;
  /** The buttons' accessible names, where 'Won', 'Lost' and 'Void / push' alone would not say which bet. */
  name?: (status: SettledStatus) => string;
  /** What describes the buttons (the 'Settle after the event starts' hint while it shows). */
  describedBy?: string | undefined;
}

/** Won, Lost and Void / push for a pending bet. */
export function SettleButtons({ onSettle, disabled, name, describedBy }: SettleButtonsProps) {
  return SETTLE_BUTTONS.map(({ status, Icon, className }) => (
    <Button
      key={status}
      variant="outline"
      size="sm"
      className={className}
      aria-label={name?.(status)}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onSettle(status)}
    >
      <Icon aria-hidden="true" />
      {STATUS_LABELS[status]}
    </Button>
  ));
}

/** Why Won, Lost and Void / push are disabled ('Settle after the event starts: …'), while they are. */
export function SettleAfterHint({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {text}
    </p>
  );
}

import type { ReactNode } from 'react';
import { BadgeCheck } from 'lucide-react';
import type { Sport } from '../../../shared/bets.ts';
import type { Interval } from '../../../shared/bet-schemas.ts';
import { SPORT_LABELS } from '../../../shared/community.ts';
import { formatMonthYear, formatSignedPercent } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';

/** The name a bettor goes by: the display name, else the username. */
export const bettorName = (b: { displayName: string | null; username: string }) => b.displayName?.trim() || b.username;

export const sportName = (sport: Sport | null) => (sport ? SPORT_LABELS[sport] : '—');

/** A percentage by its sign: positive green, negative red, zero plain (a loss is never green). */
export const signClass = (value: number | null) =>
  value === null || value === 0 ? 'text-foreground' : value < 0 ? 'text-negative' : 'text-positive';

/** Positive amounts green, negative red, zero plain. */
export const profitClass = (decimal: string) =>
  decimal.startsWith('-') ? 'text-negative' : /^0+(\.0+)?$/.test(decimal) ? 'text-foreground' : 'text-positive';

export const formatJoined = (iso: string) => formatMonthYear(iso);

/** The round avatar with the bettor's initial (decorative: the name is next to it). */
export function BettorAvatar({
  bettor,
  className,
}: {
  bettor: { displayName: string | null; username: string };
  className?: string;
}) {
  const initial = (Array.from(bettorName(bettor))[0] ?? '?').toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-emerald-600 to-emerald-800 text-lg font-bold text-white shadow-sm',
        className,
      )}
    >
      {initial}
    </span>
  );
}

/** The verified tick, named for screen readers. */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <BadgeCheck
      role="img"
      aria-label="Verified"
      className={cn('size-4 shrink-0 fill-emerald-600 text-white', className)}
    />
  );
}

/** A bettor's name as a card's heading (the card is labelled by its id), with the verified tick. */
export function BettorHeading({ id, name, verified }: { id: string; name: string; verified: boolean }) {
  return (
    <h3 id={id} className="flex items-center gap-1.5 font-semibold">
      <span className="truncate">{name}</span>
      {verified && <VerifiedMark />}
    </h3>
  );
}

/** A label and its figure, as a named group so the value reads with its label. */
export function Figure({
  label,
  children,
  className,
  valueClassName,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className={cn('truncate text-base font-semibold tabular-nums', valueClassName)}>{children}</dd>
    </div>
  );
}

/** A 95% range as the pages write it: "-19.2% to +59.2%". */
export const formatRange = (interval: Interval) =>
  `${formatSignedPercent(interval.low)} to ${formatSignedPercent(interval.high)}`;

import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';
import { Card } from './card.tsx';

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  /** A line under the value ('All bets', 'ROI (settled): +40.8%'). */
  detail?: ReactNode;
  valueClassName?: string;
  className?: string;
  /** Anything else under the value, as it is (a line with its own look). */
  children?: ReactNode;
}

/**
 * One figure, as a named group so 'Total Bets' reads with its value: the dashboard's, a profile's,
 * the demo's and the admin's cards.
 */
export function StatCard({ title, value, icon, detail, valueClassName, className, children }: StatCardProps) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className={cn('flex min-w-0 flex-col gap-1 p-4 sm:p-5', className)}>
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </p>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p
        className={cn('text-xl font-bold tracking-tight break-all tabular-nums sm:text-2xl', valueClassName)}
        data-testid="stat-value"
      >
        {value}
      </p>
      {detail && (
        <p className="text-xs text-muted-foreground" data-testid="stat-detail">
          {detail}
        </p>
      )}
      {children}
    </Card>
  );
}

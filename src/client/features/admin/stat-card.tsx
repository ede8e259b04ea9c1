import { useId, type ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/utils.ts';

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  detail?: ReactNode;
  className?: string;
}

/** One figure, as a named group so 'Total Users' reads with its value. */
export function StatCard({ title, value, icon, detail, className }: StatCardProps) {
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
      <p className="text-xl font-bold tracking-tight break-all tabular-nums sm:text-2xl" data-testid="stat-value">
        {value}
      </p>
      {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

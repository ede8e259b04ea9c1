import { useId, type ReactNode } from 'react';
import { BarChart3, DollarSign, Percent, TrendingDown, TrendingUp } from 'lucide-react';
import type { BetStats } from '../../../shared/bets.ts';
import { formatMoney, formatPercent, formatSignedPercent } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Card } from '../../components/ui/card.tsx';

interface StatCardProps {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  detail?: ReactNode;
  valueClassName?: string;
}

/** One figure; a named group, so 'Total Bets' reads with its value. */
function StatCard({ title, value, icon, detail, valueClassName }: StatCardProps) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-1 p-4 sm:p-5">
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
    </Card>
  );
}

/** The four cards: Total Bets, Win Rate, Total Staked, Total Profit (with ROI on settled bets). */
export function BetStatsCards({ stats }: { stats: BetStats }) {
  const profitable = !stats.totalProfit.startsWith('-');
  const settled = stats.won + stats.lost;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Bets"
        value={stats.totalBets}
        icon={<BarChart3 />}
        detail={`${stats.won} won · ${stats.lost} lost · ${stats.pending} pending${stats.overdue > 0 ? ` (${stats.overdue} overdue)` : ''}`}
      />
      <StatCard
        title="Win Rate"
        value={formatPercent(stats.winRate)}
        icon={<Percent />}
        detail={settled === 0 ? 'No settled bets yet' : `Of ${settled} settled ${settled === 1 ? 'bet' : 'bets'}`}
      />
      <StatCard title="Total Staked" value={formatMoney(stats.totalStaked)} icon={<DollarSign />} detail="All bets" />
      <StatCard
        title="Total Profit"
        value={formatMoney(stats.totalProfit)}
        valueClassName={profitable ? 'text-positive' : 'text-negative'}
        icon={profitable ? <TrendingUp /> : <TrendingDown />}
        detail={<>ROI (settled): {stats.roi === null ? '—' : formatSignedPercent(stats.roi)}</>}
      />
    </div>
  );
}

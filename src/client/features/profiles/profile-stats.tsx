import { useId, type ComponentProps } from 'react';
import {
  AlertTriangle,
  BarChart3,
  CalendarDays,
  DollarSign,
  Hourglass,
  Percent,
  ThumbsDown,
  ThumbsUp,
  TrendingDown,
  TrendingUp,
} from 'lucide-react';
import { OVERDUE_AFTER_HOURS, type BetStats } from '../../../shared/bets.ts';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Card } from '../../components/ui/card.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';

/** A profile's figures sit a little tighter than the dashboard's (p-4 at every width). */
const StatTile = (props: ComponentProps<typeof StatCard>) => <StatCard className="sm:p-4" {...props} />;

/**
 * 'N overdue' under Pending, always shown: bets still pending 72 hours after their event started
 * are how a record would hide its losers, so followers see the count, zero included.
 */
function OverdueLine({ overdue }: { overdue: number }) {
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs tabular-nums',
        overdue > 0 ? 'font-semibold text-negative' : 'text-muted-foreground',
      )}
      title={`Pending ${OVERDUE_AFTER_HOURS}+ hours after the event started`}
      data-testid="stat-detail"
    >
      {overdue > 0 && <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />}
      {overdue} overdue
    </p>
  );
}

/** Win rate, total bets, total profit, total wagered, wins, losses, pending (and overdue), days active; then the performance bar. */
export function ProfileStats({ stats, daysActive }: { stats: BetStats; daysActive: number }) {
  const profitable = !stats.totalProfit.startsWith('-');
  return (
    <section aria-label="Statistics" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        <StatTile title="Win Rate" value={formatPercent(stats.winRate)} icon={<Percent />} />
        <StatTile title="Total Bets" value={stats.totalBets} icon={<BarChart3 />} />
        <StatTile
          title="Total Profit"
          value={formatMoney(stats.totalProfit)}
          valueClassName={profitable ? 'text-positive' : 'text-negative'}
          icon={profitable ? <TrendingUp /> : <TrendingDown />}
        />
        <StatTile title="Total Wagered" value={formatMoney(stats.totalStaked)} icon={<DollarSign />} />
        <StatTile title="Wins" value={stats.won} valueClassName="text-positive" icon={<ThumbsUp />} />
        <StatTile title="Losses" value={stats.lost} valueClassName="text-negative" icon={<ThumbsDown />} />
        <StatTile title="Pending" value={stats.pending} icon={<Hourglass />}>
          <OverdueLine overdue={stats.overdue} />
        </StatTile>
        <StatTile title="Days Active" value={daysActive} icon={<CalendarDays />} />
      </div>
      {stats.totalBets > 0 && <OverallPerformance stats={stats} />}
    </section>
  );
}

/** 'Overall Performance': the win rate as a bar, with the record beside it. */
function OverallPerformance({ stats }: { stats: BetStats }) {
  const labelId = useId();
  const settled = stats.won + stats.lost;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={labelId} className="text-base font-semibold">
          Overall Performance
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums">
          {formatPercent(stats.winRate)} win rate · {stats.won}W – {stats.lost}L
          {stats.pending > 0 && ` · ${stats.pending} pending`}
          {stats.overdue > 0 && ` · ${stats.overdue} overdue`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stats.winRate}
        aria-valuetext={settled === 0 ? 'No settled bets yet' : `${formatPercent(stats.winRate)} win rate`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${stats.winRate}%` }} />
      </div>
    </Card>
  );
}

import { BarChart3, DollarSign, Percent, TrendingDown, TrendingUp } from 'lucide-react';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { formatMoney, formatPercent, formatSignedPercent } from '../../lib/format.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { unitsText } from './bet-row.tsx';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/**
 * The four cards before the statistics arrive: the same cards and titles, a grey block for each
 * figure, and `label` over them (over, not beside: nothing moves when the figures land).
 */
export function BetStatsCardsSkeleton({ label }: { label: string }) {
  const cards = [
    { title: 'Total Bets', icon: <BarChart3 /> },
    { title: 'Win Rate', icon: <Percent /> },
    { title: 'Total Staked', icon: <DollarSign /> },
    { title: 'Total Profit', icon: <TrendingUp /> },
  ];
  return (
    <div className="relative">
      <div className={GRID}>
        {cards.map(({ title, icon }) => (
          <StatCard
            key={title}
            title={title}
            icon={icon}
            value={<Skeleton className="my-0.5 h-6 w-20 sm:h-7" />}
            detail={<Skeleton className="h-4 w-full max-w-32" />}
          />
        ))}
      </div>
      <div className="absolute inset-0 flex items-center justify-center">
        <LoadingStatus className="rounded-md bg-card/95 px-3 py-1.5 shadow-sm">{label}</LoadingStatus>
      </div>
    </div>
  );
}

/**
 * The four cards: Total Bets, Win Rate, Total Staked, Total Profit (with ROI and level-stakes
 * yield of won and lost bets); with a unit size set, staked and profit in units too.
 */
export function BetStatsCards({ stats }: { stats: BetStats }) {
  const profitable = !stats.totalProfit.startsWith('-');
  const settled = stats.won + stats.lost;
  const units = (amount: string, signed = false) => unitsText(amount, stats.unitSize, signed);
  return (
    <div className={GRID}>
      <StatCard
        title="Total Bets"
        value={stats.totalBets}
        icon={<BarChart3 />}
        detail={`${stats.won} won · ${stats.lost} lost${stats.voided > 0 ? ` · ${stats.voided} void` : ''} · ${stats.pending} pending${stats.overdue > 0 ? ` (${stats.overdue} overdue)` : ''}`}
      />
      <StatCard
        title="Win Rate"
        value={formatPercent(stats.winRate)}
        icon={<Percent />}
        detail={settled === 0 ? 'No settled bets yet' : `Of ${settled} settled ${settled === 1 ? 'bet' : 'bets'}`}
      />
      <StatCard
        title="Total Staked"
        value={formatMoney(stats.totalStaked)}
        icon={<DollarSign />}
        detail={`All bets${units(stats.totalStaked) ? ` · ${units(stats.totalStaked)}` : ''}`}
      />
      <StatCard
        title="Total Profit"
        value={formatMoney(stats.totalProfit)}
        valueClassName={profitable ? 'text-positive' : 'text-negative'}
        icon={profitable ? <TrendingUp /> : <TrendingDown />}
        detail={
          <>
            {units(stats.totalProfit, true) && <>{units(stats.totalProfit, true)} · </>}
            ROI (settled): {stats.roi === null ? '—' : formatSignedPercent(stats.roi)}
            {stats.levelStakesYield !== null && <> · Yield: {formatSignedPercent(stats.levelStakesYield)}</>}
          </>
        }
      />
    </div>
  );
}

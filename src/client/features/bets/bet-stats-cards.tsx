import { BarChart3, DollarSign, Percent, TrendingDown, TrendingUp } from 'lucide-react';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { FIGURES, NOTHING_MEASURED, NO_SETTLED_BETS } from '../../../shared/figures.ts';
import { formatMoney, formatPercent, formatSignedMoney, formatSignedPercent } from '../../lib/format.ts';
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
    { title: FIGURES.totalBets.label, icon: <BarChart3 /> },
    { title: FIGURES.winRate.label, icon: <Percent /> },
    { title: FIGURES.totalStaked.label, icon: <DollarSign /> },
    { title: FIGURES.totalProfit.label, icon: <TrendingUp /> },
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
  const losing = stats.totalProfit.startsWith('-');
  const zero = /^0+(\.0+)?$/.test(stats.totalProfit);
  const settled = stats.won + stats.lost;
  const units = (amount: string, signed = false) => unitsText(amount, stats.unitSize, signed);
  return (
    <div className={GRID}>
      <StatCard
        title={FIGURES.totalBets.label}
        value={stats.totalBets}
        icon={<BarChart3 />}
        detail={`${stats.won} won · ${stats.lost} lost${stats.voided > 0 ? ` · ${stats.voided} void` : ''} · ${stats.pending} pending${stats.overdue > 0 ? ` (${stats.overdue} overdue)` : ''}`}
      />
      <StatCard
        title={FIGURES.winRate.label}
        value={settled === 0 ? NOTHING_MEASURED : formatPercent(stats.winRate)}
        icon={<Percent />}
        detail={settled === 0 ? NO_SETTLED_BETS : `Of ${settled} won or lost ${settled === 1 ? 'bet' : 'bets'}`}
      />
      <StatCard
        title={FIGURES.totalStaked.label}
        value={formatMoney(stats.totalStaked)}
        icon={<DollarSign />}
        detail={`All bets${units(stats.totalStaked) ? ` · ${units(stats.totalStaked)}` : ''}`}
      />
      <StatCard
        title={FIGURES.totalProfit.label}
        value={formatSignedMoney(stats.totalProfit)}
        valueClassName={losing ? 'text-negative' : zero ? undefined : 'text-positive'}
        icon={losing ? <TrendingDown /> : <TrendingUp />}
        detail={
          <>
            {units(stats.totalProfit, true) && <>{units(stats.totalProfit, true)} · </>}
            {FIGURES.roi.label}: {stats.roi === null ? NOTHING_MEASURED : formatSignedPercent(stats.roi)}
            {stats.levelStakesYield !== null && (
              <>
                {' '}
                · {FIGURES.levelStakesYield.label}: {formatSignedPercent(stats.levelStakesYield)}
              </>
            )}
          </>
        }
      />
    </div>
  );
}

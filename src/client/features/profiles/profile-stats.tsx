import { useId, type ComponentProps } from 'react';
import {
  AlertTriangle,
  BarChart3,
  CalendarDays,
  DollarSign,
  Hourglass,
  Percent,
  RotateCcw,
  Scale,
  ThumbsDown,
  ThumbsUp,
  TrendingDown,
  TrendingUp,
  Waves,
} from 'lucide-react';
import { OVERDUE_AFTER_HOURS } from '../../../shared/bets.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { MIN_SETTLED_FOR_SKILL, chanceInWords } from '../../../shared/stats.ts';
import { FIGURES, NOTHING_MEASURED, NO_SETTLED_BETS } from '../../../shared/figures.ts';
import { formatMoney, formatPercent, formatSignedMoney, formatSignedPercent } from '../../lib/format.ts';
import { MoneyWithUnits, unitsText } from '../bets/index.ts';
import { cn } from '../../lib/utils.ts';
import { Card } from '../../components/ui/card.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { Odds } from '../../components/ui/odds.tsx';

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

/**
 * Win rate, total bets, total profit, total wagered, wins, losses, pending (and overdue), days
 * active; then the performance bar, and how much the record says (ROI's range, the chance of luck,
 * level-stakes yield, drawdown, runs, odds, void bets).
 */
export function ProfileStats({ stats, daysActive }: { stats: BetStats; daysActive: number }) {
  const losing = stats.totalProfit.startsWith('-');
  const zero = /^0+(\.0+)?$/.test(stats.totalProfit);
  const settled = stats.won + stats.lost;
  const units = (amount: string, signed = false) => unitsText(amount, stats.unitSize, signed);
  return (
    <section aria-label="Statistics" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        <StatTile
          title={FIGURES.winRate.label}
          value={settled === 0 ? NOTHING_MEASURED : formatPercent(stats.winRate)}
          icon={<Percent />}
          detail={settled === 0 ? NO_SETTLED_BETS : undefined}
        />
        <StatTile
          title={FIGURES.totalBets.label}
          value={stats.totalBets}
          icon={<BarChart3 />}
          detail={stats.voided > 0 ? `${stats.voided} void / push` : undefined}
        />
        <StatTile
          title={FIGURES.totalProfit.label}
          value={formatSignedMoney(stats.totalProfit)}
          valueClassName={losing ? 'text-negative' : zero ? undefined : 'text-positive'}
          icon={losing ? <TrendingDown /> : <TrendingUp />}
          detail={units(stats.totalProfit, true) ?? undefined}
        />
        <StatTile
          title={FIGURES.totalStaked.label}
          value={formatMoney(stats.totalStaked)}
          icon={<DollarSign />}
          detail={units(stats.totalStaked) ?? undefined}
        />
        <StatTile title="Wins" value={stats.won} valueClassName="text-positive" icon={<ThumbsUp />} />
        <StatTile title="Losses" value={stats.lost} valueClassName="text-negative" icon={<ThumbsDown />} />
        <StatTile title="Pending" value={stats.pending} icon={<Hourglass />}>
          <OverdueLine overdue={stats.overdue} />
        </StatTile>
        <StatTile
          title={FIGURES.daysSinceJoining.label}
          value={daysActive}
          icon={<CalendarDays />}
          detail={FIGURES.daysSinceJoining.explanation}
        />
      </div>
      {stats.totalBets > 0 && <OverallPerformance stats={stats} />}
      {stats.won + stats.lost > 0 && <SkillOrLuck stats={stats} />}
    </section>
  );
}

/**
 * 'Skill or luck?': ROI with its 95% range, the chance a break-even bettor does as well, a plain
 * warning under 30 won or lost bets, then level-stakes yield, the largest drawdown, the longest
 * losing run, the average odds and the void bets (docs/decisions/007).
 */
function SkillOrLuck({ stats }: { stats: BetStats }) {
  const headingId = useId();
  const settled = stats.won + stats.lost;
  const interval = stats.roiInterval;
  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1.5">
        <h2 id={headingId} className="text-base font-semibold">
          Skill or luck?
        </h2>
        {stats.levelStakesYield !== null && stats.yieldInterval && (
          <p className="text-sm" data-testid="yield-interval">
            {FIGURES.levelStakesYield.label}{' '}
            <span className="font-semibold tabular-nums">{formatSignedPercent(stats.levelStakesYield)}</span>, likely
            between <span className="tabular-nums">{formatSignedPercent(stats.yieldInterval.low)}</span> and{' '}
            <span className="tabular-nums">{formatSignedPercent(stats.yieldInterval.high)}</span>{' '}
            <span className="text-muted-foreground">({FIGURES.yieldRange.label})</span>.
          </p>
        )}
        {stats.roi !== null && interval && (
          <p className="text-sm" data-testid="roi-interval">
            {FIGURES.roi.label} <span className="font-semibold tabular-nums">{formatSignedPercent(stats.roi)}</span>,
            likely between <span className="tabular-nums">{formatSignedPercent(interval.low)}</span> and{' '}
            <span className="tabular-nums">{formatSignedPercent(interval.high)}</span>{' '}
            <span className="text-muted-foreground">({FIGURES.roiRange.label})</span>.
          </p>
        )}
        <p className="text-xs text-muted-foreground" data-testid="yield-vs-roi">
          {FIGURES.yieldVsRoi.explanation}
        </p>
        {stats.pValue !== null && (
          <p className="text-sm" data-testid="luck">
            A break-even bettor at the same odds and stakes would do at least this well{' '}
            <span className="font-semibold">{chanceInWords(stats.pValue)}</span> times.
          </p>
        )}
        {settled < MIN_SETTLED_FOR_SKILL && (
          <p
            role="note"
            className="flex items-start gap-1.5 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Only {settled} won or lost {settled === 1 ? 'bet' : 'bets'}: too few to tell skill from luck. It takes{' '}
              {MIN_SETTLED_FOR_SKILL} or more before these figures start to mean much.
            </span>
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <StatTile
          title="Level-Stakes Yield"
          value={stats.levelStakesYield === null ? '—' : formatSignedPercent(stats.levelStakesYield)}
          icon={<Scale />}
          detail="Profit per unit had every bet staked the same"
        />
        <StatTile
          title="Max Drawdown"
          value={<MoneyWithUnits amount={stats.maxDrawdown} unitSize={stats.unitSize} />}
          icon={<Waves />}
          detail="Largest fall from a peak"
        />
        <StatTile
          title="Longest Losing Run"
          value={stats.longestLosingRun}
          icon={<ThumbsDown />}
          detail={`Longest winning run: ${stats.longestWinningRun}`}
        />
        <StatTile
          title="Average Odds"
          value={stats.averageOdds === null ? '—' : <Odds odds={stats.averageOdds} entered="Mean decimal odds" />}
          icon={<Percent />}
          detail="Mean of won and lost bets"
        />
        <StatTile title="Void / Push" value={stats.voided} icon={<RotateCcw />} detail="Stake returned; in no rate" />
      </div>
    </Card>
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
          {settled === 0 ? NO_SETTLED_BETS : `${formatPercent(stats.winRate)} win rate`} · {stats.won}W – {stats.lost}L
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

import { useId, type ReactNode } from 'react';
import { ChartLine } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics } from '../../../shared/profile-schemas.ts';
import { isTooManyRequests } from '../../lib/api-error.ts';
import {
  formatDateTime,
  formatMoney,
  formatMonthDay,
  formatMonthYear,
  formatPercent,
  formatSignedMoney,
  formatSignedPercent,
  formatTime,
} from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { Card } from '../../components/ui/card.tsx';
import { ChartCard } from '../../components/ui/chart-card.tsx';
import { Odds } from '../../components/ui/odds.tsx';
import { moneyAxisTicks, timeAxisTicks, type TimeUnit } from '../../lib/chart-ticks.ts';
import { lastMonths } from './month-series.ts';
import { RetryButton } from '../../components/ui/retry.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { sportLabel } from '../bets/index.ts';
import { MarketFiguresCard } from './market-figures.tsx';
import { useAnalytics } from './api/profiles.ts';

/*
 * The Analytics tab. Its own chunk (recharts is large): the profile page imports it lazily, so
 * neither the landing page nor a profile's first paint downloads the charting library.
 */

const POSITIVE = '#047857';
const NEGATIVE = '#b91c1c';
const GRID = '#e2e8f0';
const AXIS = '#475569';

const signedMoney = (value: number) => formatSignedMoney(value.toFixed(2));
const compactMoneyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
/** Money axis ticks: '$1.2k', '-$50', '$3M'. */
export const moneyTick = (value: number) => compactMoneyFormat.format(value).replace(/K$/, 'k');
/** 'Mar '27': a month on an axis, short. */
const shortMonthYear = (when: Date, zone: 'local' | 'utc' = 'local') =>
  `${formatMonthYear(when, zone).slice(0, 3)} '${String(zone === 'utc' ? when.getUTCFullYear() : when.getFullYear()).slice(-2)}`;
/** A time tick's label says as much as its step: a time, a day, a month or a year. */
const TIME_TICK_LABEL: Record<TimeUnit, (when: Date) => string> = {
  hour: (when) => formatTime(when),
  day: (when) => formatMonthDay(when),
  month: (when) => shortMonthYear(when),
  year: (when) => String(when.getFullYear()),
};
/** 'YYYY-MM' → 'Mar 2027'. */
const formatMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return y && m ? formatMonthYear(new Date(Date.UTC(y, m - 1, 1)), 'utc') : month;
};
/** 'YYYY-MM' → "Mar '27", for a month axis. */
export const monthTick = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return y && m ? shortMonthYear(new Date(Date.UTC(y, m - 1, 1)), 'utc') : month;
};
const tooltipValue = (value: unknown) => signedMoney(Number(value));
/**
 * A money axis's round ticks through zero for these values (its domain ends on a tick): it always
 * shows $0, so bars start at the zero line, negative ones hanging down from it.
 */
const moneyAxis = (values: number[]) => moneyAxisTicks(Math.min(0, ...values), Math.max(0, ...values));

/** `since`: when the profile was created, where the profit line starts at $0. */
export default function AnalyticsTab({ userId, since }: { userId: string; since: string }) {
  const analytics = useAnalytics(userId);
  if (analytics.isPending) return <LoadingStatus>Loading analytics...</LoadingStatus>;
  if (analytics.isError)
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <p className="font-medium">Failed to load analytics</p>
        {isTooManyRequests(analytics.error) && (
          <p className="text-sm text-muted-foreground">{analytics.error.message}</p>
        )}
        <RetryButton query={analytics} />
      </Card>
    );
  return <AnalyticsView analytics={analytics.data} since={since} />;
}

export function AnalyticsView({ analytics, since }: { analytics: Analytics; since: string }) {
  if (analytics.cumulativeProfit.length === 0)
    return (
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <ChartLine className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-semibold">No settled bets yet</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          Your charts, ROI and streaks appear here once you mark a bet as won or lost.
        </p>
      </Card>
    );

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <h2 className="sr-only">Analytics</h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure
          title="ROI"
          value={analytics.roi === null ? '—' : formatSignedPercent(analytics.roi)}
          hint="Profit ÷ stake of settled bets"
          valueClassName={
            analytics.roi === null
              ? undefined
              : analytics.roi < 0
                ? 'text-negative'
                : analytics.roi > 0
                  ? 'text-positive'
                  : undefined
          }
        />
        <Figure
          title="Average Odds"
          value={
            analytics.averageOdds === null ? '—' : <Odds odds={analytics.averageOdds} entered="Mean decimal odds" />
          }
          hint="Mean of won and lost bets"
        />
        <Figure title="Longest Win Streak" value={analytics.longestWinStreak} hint="Wins in a row" />
        <Figure title="Longest Loss Streak" value={analytics.longestLossStreak} hint="Losses in a row" />
      </div>

      <MarketFiguresCard market={analytics.market} />

      <ChartCard
        title="Cumulative Profit"
        description="Running total in the order of the games (by event start); the dashed line is its peak so far, the gap below it the drawdown"
        testId="chart-cumulative"
      >
        <CumulativeProfitChart
          maxDrawdown={analytics.maxDrawdown}
          points={analytics.cumulativeProfit}
          since={since}
          settledBets={analytics.bySport.reduce((n, s) => n + s.won + s.lost, 0)}
        />
      </ChartCard>

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <ChartCard title="Profit by Sport" description="Settled bets per sport" testId="chart-sport">
          <ProfitBySportChart rows={analytics.bySport} />
          <SportTable rows={analytics.bySport} />
        </ChartCard>
        <ChartCard
          title="Profit by Month"
          description="By the month of the game (a parlay's last leg), the record's last 12 months"
          testId="chart-month"
        >
          <ProfitByMonthChart rows={analytics.byMonth} />
        </ChartCard>
      </div>
    </div>
  );
}

function Figure({
  title,
  value,
  hint,
  valueClassName,
}: {
  title: string;
  value: ReactNode;
  hint: string;
  valueClassName?: string | undefined;
}) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-1 p-4">
      <p id={titleId} className="text-sm font-medium text-muted-foreground">
        {title}
      </p>
      <p className={cn('text-xl font-bold tabular-nums sm:text-2xl', valueClassName)} data-testid="stat-value">
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

const chartStyle = { width: '100%', height: 260 } as const;
const axisProps = { stroke: AXIS, tick: { fill: AXIS, fontSize: 12 }, tickLine: false } as const;

/** How far before a record's first game its line starts at $0, at the least (when that precedes the profile). */
const ORIGIN_LEAD_MS = 24 * 60 * 60 * 1000;

function CumulativeProfitChart({
  points,
  since,
  settledBets,
  maxDrawdown,
}: {
  points: Analytics['cumulativeProfit'];
  /** The largest fall from a peak, from the summary (exact even where the line is drawn per day). */
  maxDrawdown: string;
  since: string;
  /** Not the number of points: beyond ~500 the server sends one point per day. */
  settledBets: number;
}) {
  const settled = points.map((p) => ({ time: Date.parse(p.date), profit: Number(p.profit) }));
  // The line starts at $0 when the profile was created, so even one settled bet draws a line; a
  // record whose first game came before that (points are dated by the game) starts at $0 a little
  // before its first game, never at the same moment (a line of one bet would stand upright). The
  // peak so far runs beside it (the start is a peak of $0): the gap between them is the drawdown.
  const first = settled[0]?.time ?? Infinity;
  const span = (settled.at(-1)?.time ?? first) - first;
  const start = Math.min(Date.parse(since), first - Math.max(ORIGIN_LEAD_MS, span / 20));
  let peak = 0;
  const data = [{ time: start, profit: 0 }, ...settled].map((p) => {
    peak = Math.max(peak, p.profit);
    return { ...p, peak };
  });
  const last = settled.at(-1)?.profit ?? 0;
  // Ticks at round moments (month starts, midnights …); recharts shows every nth as space allows.
  const time = timeAxisTicks(start, data.at(-1)?.time ?? start, 8);
  return (
    <>
      <LineChart
        responsive
        style={chartStyle}
        data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        desc={`Cumulative profit over ${settledBets} settled bets, ending at ${signedMoney(last)}`}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          ticks={time.ticks}
          tickFormatter={(t: number) => TIME_TICK_LABEL[time.unit](new Date(t))}
          interval="equidistantPreserveStart"
          minTickGap={16}
          {...axisProps}
        />
        <YAxis width={56} tickFormatter={moneyTick} {...moneyAxis(data.map((p) => p.profit))} {...axisProps} />
        <ReferenceLine y={0} stroke={AXIS} strokeOpacity={0.5} />
        <Tooltip
          labelFormatter={(t) => formatDateTime(new Date(Number(t)))}
          formatter={(value, name) => [tooltipValue(value), name]}
        />
        <Line
          type="stepAfter"
          dataKey="peak"
          name="Peak so far"
          stroke={AXIS}
          strokeOpacity={0.6}
          strokeDasharray="4 3"
          strokeWidth={1.5}
          dot={false}
          animationDuration={400}
        />
        <Line
          type="linear"
          dataKey="profit"
          name="Profit"
          stroke={last < 0 ? NEGATIVE : POSITIVE}
          strokeWidth={2}
          dot={data.length <= 40}
          animationDuration={400}
        />
      </LineChart>
      <p className="text-sm text-muted-foreground">
        Now:{' '}
        <span className={cn('font-semibold', last < 0 ? 'text-negative' : 'text-positive')}>{signedMoney(last)}</span>{' '}
        after {settledBets} settled {settledBets === 1 ? 'bet' : 'bets'} · Largest drawdown:{' '}
        <span className="font-semibold">{formatMoney(maxDrawdown)}</span>
      </p>
    </>
  );
}

/**
 * Sports as rows (bars run left or right of a vertical zero line): their names sit one under
 * another, so even "Basketball" never runs into the next at 390 px.
 */
function ProfitBySportChart({ rows }: { rows: Analytics['bySport'] }) {
  const data = rows.map((r) => ({ sport: sportLabel(r.sport), profit: Number(r.profit) }));
  return (
    <BarChart
      responsive
      layout="vertical"
      style={{ width: '100%', height: 48 + data.length * 36 }}
      data={data}
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      desc="Profit by sport"
    >
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" tickFormatter={moneyTick} {...moneyAxis(data.map((d) => d.profit))} {...axisProps} />
      <YAxis type="category" dataKey="sport" width={84} interval={0} {...axisProps} />
      <ReferenceLine x={0} stroke={AXIS} strokeOpacity={0.5} />
      <Tooltip formatter={(value) => [tooltipValue(value), 'Profit']} cursor={{ fill: '#f1f5f9' }} />
      <Bar dataKey="profit" name="Profit" maxBarSize={24} animationDuration={400}>
        {data.map((d) => (
          <Cell key={d.sport} fill={d.profit < 0 ? NEGATIVE : POSITIVE} />
        ))}
      </Bar>
    </BarChart>
  );
}

/** Profit per sport or month as bars, green above zero and red below. */
function ProfitBars<K extends 'month'>({
  data,
  category,
  desc,
  tickFormatter,
}: {
  data: (Record<K, string> & { profit: number })[];
  category: K;
  desc: string;
  /** How a category reads on the axis, when shorter than in the table. */
  tickFormatter?: (category: string) => string;
}) {
  return (
    <BarChart responsive style={chartStyle} data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} desc={desc}>
      <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={category}
        interval="equidistantPreserveStart"
        minTickGap={8}
        {...(tickFormatter ? { tickFormatter } : {})}
        {...axisProps}
      />
      <YAxis width={56} tickFormatter={moneyTick} {...moneyAxis(data.map((d) => d.profit))} {...axisProps} />
      <ReferenceLine y={0} stroke={AXIS} strokeOpacity={0.5} />
      <Tooltip
        formatter={(value) => [tooltipValue(value), 'Profit']}
        {...(tickFormatter ? { labelFormatter: (label) => tickFormatter(String(label)) } : {})}
        cursor={{ fill: '#f1f5f9' }}
      />
      <Bar dataKey="profit" name="Profit" radius={[4, 4, 0, 0]} maxBarSize={48} animationDuration={400}>
        {data.map((d) => (
          <Cell key={d[category]} fill={d.profit < 0 ? NEGATIVE : POSITIVE} />
        ))}
      </Bar>
    </BarChart>
  );
}

/** Win rate and profit per sport, as a table (also what a screen reader gets for the chart above). */
function SportTable({ rows }: { rows: Analytics['bySport'] }) {
  return (
    <FigureTable
      caption="Win rate and profit by sport"
      columns={[['Sport'], ['Bets', 'right'], ['W–L', 'right'], ['Win rate'], ['Profit', 'right']]}
    >
      {rows.map((r) => (
        <tr key={r.sport} className="border-b border-border last:border-0">
          <RowHeading>{sportLabel(r.sport)}</RowHeading>
          <td className="px-1 py-2 text-right">{r.bets}</td>
          <td className="px-1 py-2 text-right">
            {r.won}–{r.lost}
          </td>
          <td className="px-1 py-2">
            <div className="flex items-center gap-2">
              <span
                className="hidden h-1.5 w-12 shrink-0 overflow-hidden rounded-full bg-muted sm:block"
                aria-hidden="true"
              >
                <span className="block h-full bg-primary" style={{ width: `${r.winRate}%` }} />
              </span>
              <span>{formatPercent(r.winRate)}</span>
            </div>
          </td>
          <ProfitCell profit={Number(r.profit)} />
        </tr>
      ))}
    </FigureTable>
  );
}

/** A chart's numbers as a table: headings (`right` for a number column), then one row per item. */
function FigureTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: [label: string, align?: 'right'][];
  children: ReactNode;
}) {
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full text-sm whitespace-nowrap">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            {columns.map(([label, align]) => (
              <th key={label} scope="col" className={cn('px-1 py-2 font-medium', align === 'right' && 'text-right')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">{children}</tbody>
      </table>
    </div>
  );
}

function RowHeading({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="px-1 py-2 text-left font-medium">
      {children}
    </th>
  );
}

function ProfitCell({ profit }: { profit: number }) {
  return (
    <td className={cn('px-1 py-2 text-right', profit < 0 ? 'text-negative' : profit > 0 ? 'text-positive' : '')}>
      {signedMoney(profit)}
    </td>
  );
}

function ProfitByMonthChart({ rows }: { rows: Analytics['byMonth'] }) {
  const data = lastMonths(rows).map((r) => ({ month: r.month, profit: Number(r.profit), bets: r.bets }));
  return (
    <>
      <ProfitBars data={data} category="month" desc="Profit by month" tickFormatter={monthTick} />
      <FigureTable
        caption="Profit by month, the last 12, oldest first as in the chart"
        columns={[['Month'], ['Settled bets', 'right'], ['Profit', 'right']]}
      >
        {data.map((d) => (
          <tr key={d.month} className="border-b border-border last:border-0">
            <RowHeading>{formatMonth(d.month)}</RowHeading>
            <td className="px-1 py-2 text-right">{d.bets}</td>
            <ProfitCell profit={d.profit} />
          </tr>
        ))}
      </FigureTable>
    </>
  );
}

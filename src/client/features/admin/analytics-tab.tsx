import type { ReactNode } from 'react';
import { Activity, BarChart3, Percent, Users } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { LOAD_STATS_FAILED, type WeeklyCount } from '../../../shared/admin.ts';
import { Card } from '../../components/ui/card.tsx';
import { ChartCard } from '../../components/ui/chart-card.tsx';
import { RetryButton } from '../../components/ui/retry.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { formatDate, formatMonthDay, formatPercent } from '../../lib/format.ts';
import { countAxisTicks } from '../../lib/chart-ticks.ts';
import { useAdminAnalytics } from './api/admin.ts';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatWholeNumber } from '../../../shared/number-format.ts';

/*
 * The Analytics tab. Its own chunk (recharts is large): the admin page imports it lazily, so the
 * rest of the dashboard never waits for the charting library.
 */

const GRID = '#e2e8f0';
const AXIS = '#475569';
const SIGNUPS = '#047857';
const BETS = '#1d4ed8';

/** 'YYYY-MM-DD' (a Monday, UTC) → 'Nov 16'. */
const formatWeek = (week: string, long = false) => {
  const date = new Date(`${week}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? week : long ? formatDate(date, 'utc') : formatMonthDay(date, 'utc');
};

export default function AdminAnalyticsTab({ viewerId }: { viewerId: string }) {
  const analytics = useAdminAnalytics(viewerId);

  if (analytics.isPending) return <LoadingStatus>Loading analytics...</LoadingStatus>;
  if (analytics.isError)
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <p className="font-medium">{LOAD_STATS_FAILED}</p>
        <RetryButton query={analytics} />
      </Card>
    );

  const { overview, signupsPerWeek, betsPerWeek } = analytics.data;
  return (
    <section aria-labelledby="admin-analytics-heading" className="flex flex-col gap-4 sm:gap-6">
      <h2 id="admin-analytics-heading" className="text-lg font-semibold">
        Platform overview
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard title="Total Users" value={formatWholeNumber(overview.totalUsers)} icon={<Users />} />
        <StatCard
          title="Active Users"
          value={formatWholeNumber(overview.activeUsers)}
          icon={<Activity />}
          detail="With at least one bet"
        />
        <StatCard title="Total Bets" value={formatWholeNumber(overview.totalBets)} icon={<BarChart3 />} />
        <StatCard
          title="Average Win Rate"
          value={formatPercent(overview.avgWinRate)}
          icon={<Percent />}
          detail="Won ÷ settled, averaged over bettors with a settled bet"
        />
      </div>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <WeeklyChart
          title="Signups per week"
          description="New accounts in each of the last 12 weeks (weeks start Monday, UTC)."
          series={signupsPerWeek}
          noun="signups"
          color={SIGNUPS}
          testId="signups-chart"
        />
        <WeeklyChart
          title="Bets recorded per week"
          description="Bets recorded in each of the last 12 weeks (weeks start Monday, UTC)."
          series={betsPerWeek}
          noun="bets"
          color={BETS}
          testId="bets-chart"
        />
      </div>
    </section>
  );
}

const chartStyle = { width: '100%', height: 240 } as const;
const axisProps = { stroke: AXIS, tick: { fill: AXIS, fontSize: 12 }, tickLine: false } as const;

function WeeklyChart({
  title,
  description,
  series,
  noun,
  color,
  testId,
}: {
  title: string;
  description: string;
  series: WeeklyCount[];
  noun: string;
  color: string;
  testId: string;
}): ReactNode {
  const total = series.reduce((sum, w) => sum + w.count, 0);
  const data = series.map((w) => ({ week: formatWeek(w.week), count: w.count, full: formatWeek(w.week, true) }));
  return (
    <ChartCard title={title} description={description} testId={testId}>
      <BarChart
        responsive
        style={chartStyle}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        desc={`${title}, the last 12 weeks`}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="week" interval="equidistantPreserveStart" minTickGap={8} {...axisProps} />
        <YAxis width={40} {...countAxisTicks(Math.max(0, ...data.map((d) => d.count)))} {...axisProps} />
        <Tooltip
          labelFormatter={(_, payload) => `Week of ${String(payload?.[0]?.payload?.full ?? '')}`}
          formatter={(value) => [formatWholeNumber(Number(value)), noun]}
          cursor={{ fill: '#f1f5f9' }}
        />
        <Bar dataKey="count" name={noun} fill={color} radius={[4, 4, 0, 0]} maxBarSize={36} animationDuration={400} />
      </BarChart>
      <p className="text-sm text-muted-foreground">
        {formatWholeNumber(total)} {noun} in 12 weeks
      </p>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">{noun}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.full}>
              <td>{d.full}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartCard>
  );
}

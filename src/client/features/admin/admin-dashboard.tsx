import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, ArrowLeft, BadgeCheck, BarChart3, LogOut, Users } from 'lucide-react';
import { ADMIN_LOADING_LABEL, LOAD_STATS_FAILED, type AdminStats } from '../../../shared/admin.ts';
import { paths } from '../../../shared/routes.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadErrorAlert } from '../../components/ui/retry.tsx';
import { LoadingScreen, LoadingStatus, Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { formatPercent } from '../../lib/format.ts';
import { ApiError } from '../../lib/api.ts';
import { useAuth, useSignOut } from '../auth/index.ts';
import { useAdminStats } from './api/admin.ts';
import { AuditLogTab } from './audit-log-tab.tsx';
import { IssuesTab } from './issues-tab.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatWholeNumber } from '../../../shared/number-format.ts';
import { TwoFactorPrompt } from './two-factor-notices.tsx';
import { UsersTab } from './users-tab.tsx';
import { EventsTab } from './events-tab.tsx';

// recharts stays out of the dashboard's chunk: the Analytics tab loads it when first opened.
const AnalyticsTab = lazy(() => import('./analytics-tab.tsx'));

const TABS = ['users', 'issues', 'events', 'analytics', 'audit'] as const;
type Tab = (typeof TABS)[number];
/** Each tab's name, in the order of TABS. */
const TAB_NAMES: Record<Tab, string> = {
  users: 'Users',
  issues: 'Issues',
  events: 'Events',
  analytics: 'Analytics',
  audit: 'Audit Log',
};
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/** /admin for an admin (the route checked the role with the server first). */
export function AdminDashboard({ viewerId }: { viewerId: string }) {
  const stats = useAdminStats(viewerId);
  const { user, refetch: refetchSession } = useAuth();
  const queryClient = useQueryClient();
  const { signOut, pending: signingOut } = useSignOut();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'users';

  const status = stats.error instanceof ApiError ? stats.error.status : undefined;
  useEffect(() => {
    // Signed out elsewhere: re-check the session (the route guard then sends the visitor to /auth).
    // No longer an admin: ask the access check again, which shows the not-authorised page.
    if (status === 401) void refetchSession();
    if (status === 403) void queryClient.invalidateQueries({ queryKey: ['admin', 'access'] });
  }, [status, refetchSession, queryClient]);

  const setTab = (value: string) => {
    // Each tab keeps its own filters; leaving the Users tab drops its search and status.
    const next = new URLSearchParams();
    if (value !== 'users') next.set('tab', value);
    setParams(next, { replace: true });
  };

  if (stats.isPending) return <LoadingScreen label={ADMIN_LOADING_LABEL} />;

  return (
    <PageContainer className="flex flex-col gap-6 sm:gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">Admin Dashboard</h1>
          <p className="text-base text-muted-foreground">
            Users, verification, issues, the events catalog and platform statistics.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.dashboard}>
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
            Sign Out
          </Button>
        </div>
      </div>

      <TwoFactorPrompt twoFactorEnabled={user?.twoFactorEnabled === true} />

      {stats.data ? (
        <AdminStatCards stats={stats.data} />
      ) : (
        <LoadErrorAlert query={stats}>{LOAD_STATS_FAILED}.</LoadErrorAlert>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="py-1.5">
              {TAB_NAMES[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="issues">
          <IssuesTab viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingStatus>Loading analytics...</LoadingStatus>}>
            <AnalyticsTab viewerId={viewerId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogTab viewerId={viewerId} />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

/** Total Users, Active Users, Verified Users, Total Bets. */
function AdminStatCards({ stats }: { stats: AdminStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        title="Total Users"
        value={formatWholeNumber(stats.totalUsers)}
        icon={<Users />}
        detail="All accounts"
      />
      <StatCard
        title="Active Users"
        value={formatWholeNumber(stats.activeUsers)}
        icon={<Activity />}
        detail="With at least one bet"
      />
      <StatCard
        title="Verified Users"
        value={formatWholeNumber(stats.verifiedUsers)}
        icon={<BadgeCheck />}
        detail={`${formatWholeNumber(stats.pendingUsers)} pending review`}
      />
      <StatCard
        title="Total Bets"
        value={formatWholeNumber(stats.totalBets)}
        icon={<BarChart3 />}
        detail={`Average win rate ${formatPercent(stats.avgWinRate)} (won ÷ settled)`}
      />
    </div>
  );
}

import { useDeferredValue, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../lib/auth-client.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { LoadErrorAlert } from '../../components/ui/retry.tsx';
import { IncludeImportedSwitch, useStatsWithImported } from '../imports/index.ts';
import { BetStatsCards, BetStatsCardsSkeleton } from './bet-stats-cards.tsx';
import { RecentBets } from './recent-bets.tsx';
import { RecordBetButton } from './record-bet-button.tsx';
import { OverdueNotice } from './record-rules.tsx';
import { useBetPages, useBetStats } from './api/bets.ts';
import { WellbeingCard } from '../wellbeing/index.ts';
import { useOnline } from '../../lib/use-online.ts';
import { WifiOff } from 'lucide-react';

/** The greeting's name: the full name, else the part of the email before the @, else 'Bettor'. */
export function greetingName(user: Pick<SessionUser, 'name' | 'email'> | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'Bettor';
}

/**
 * /dashboard: greeting, statistics, 'Record New Bet' and 'Recent Bets'. `prompt` (another feature's
 * onboarding card, composed by the route) shows under the greeting.
 */
export function Dashboard({ user, prompt }: { user: SessionUser; prompt?: ReactNode }) {
  // Deferred: when an answer arrives, React renders the page with it in slices that yield to the
  // browser (a query result otherwise re-renders in one long task, up to 200 ms on a slow phone).
  const recordStats = useDeferredValue(useBetStats(user.id));
  // "Include imported history" (off by default): the same cards over the record and the owner's imports.
  const [withImported, setWithImported] = useState(false);
  const importedStats = useStatsWithImported(user.id, withImported, recordStats.dataUpdatedAt);
  const stats = withImported ? importedStats : recordStats;
  const pages = useDeferredValue(useBetPages(user.id));
  const online = useOnline();
  // Failures are reported by the query client (lib/query-client.ts): a toast, or sign-in when the session ended.
  // The page is whole at once (the server renders it so, signed in): its greeting and layout, the
  // cards and the list in their loading states until their answers come; an error shows in place.

  return (
    <PageContainer className="flex flex-col gap-6 sm:gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight break-words text-foreground sm:text-4xl">
            Welcome back, {greetingName(user)}!
          </h1>
          <p className="text-base text-muted-foreground">
            Record bets before the event, settle them once it has started, and see your real numbers.
          </p>
        </div>
        <RecordBetButton offline={!online} />
      </div>

      {!online && <OfflineNotice />}

      {prompt}

      {recordStats.data && <OverdueNotice count={recordStats.data.overdue} />}

      <WellbeingCard userId={user.id} />

      <IncludeImportedSwitch userId={user.id} checked={withImported} onCheckedChange={setWithImported} />

      {stats.isPending ? (
        // The loading line while the page's first answers are on their way.
        <BetStatsCardsSkeleton label={recordStats.isPending ? 'Loading your dashboard...' : 'Loading statistics...'} />
      ) : stats.data ? (
        <BetStatsCards stats={stats.data} />
      ) : (
        <LoadErrorAlert query={stats}>Your statistics could not be loaded.</LoadErrorAlert>
      )}

      <RecentBets pages={pages} totalBets={recordStats.data?.totalBets} />

      <p className="text-center text-xs text-muted-foreground">
        betproof is a tracking tool. It takes no wagers. 18+. Bet responsibly.
      </p>
    </PageContainer>
  );
}

/**
 * Shown while the browser has no network: the page is the one last loaded (the offline shell, or
 * a tab that lost its connection), and a bet is recorded only once the server can stamp it.
 */
function OfflineNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">You&apos;re offline</p>
        <p className="text-sm">
          This is your dashboard as it was last loaded. Recording a bet waits for the network: the server stamps the
          time it was recorded.
        </p>
      </div>
    </div>
  );
}

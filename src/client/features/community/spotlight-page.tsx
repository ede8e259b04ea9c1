import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Crown, Medal, Trophy, Users } from 'lucide-react';
import {
  RANKING_MINIMUM_RULE,
  RANKING_RULE,
  SPOTLIGHT_DEFAULT_PERIOD,
  SPOTLIGHT_HIGHLIGHTED,
  RANK_MIN_EVENTS,
  SPOTLIGHT_PERIOD_DAYS,
  SPOTLIGHT_PERIOD_LABELS,
  SPOTLIGHT_PERIODS,
  formatStreak,
  type SpotlightPeriod,
} from '../../../shared/community.ts';
import type { SpotlightEntry } from '../../../shared/community-schemas.ts';
import { FIGURES } from '../../../shared/figures.ts';
import { OVERDUE_AFTER_HOURS } from '../../../shared/bets.ts';
import type { RecordDisclosure } from '../../../shared/disclosures.ts';
import { RecordDisclosureLine, useOwnUsername } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
import { RowFollowButton } from '../follows/index.ts';
import { paths, publicProfilePath } from '../../../shared/routes.ts';
import { PageContainer, PageHeading } from '../../components/layout/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { formatPercent, formatSignedMoney, formatSignedPercent } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { cn } from '../../lib/utils.ts';
import { useSpotlight } from './api/community.ts';
import { ListLoadError, ListLoading, NextPageButton, pagesDisclosures } from './paged-list.tsx';
import {
  BettorAvatar,
  BettorHeading,
  Figure,
  bettorName,
  formatJoined,
  formatRange,
  profitClass,
  signClass,
  sportName,
} from './parts.tsx';

const isPeriod = (value: string | null): value is SpotlightPeriod =>
  SPOTLIGHT_PERIODS.includes(value as SpotlightPeriod);

/** /spotlight: the leaderboard, one tab per rolling period (the tab is kept in ?period=). */
export function SpotlightPage() {
  usePageMeta(
    'Bettor Spotlight',
    'The betproof leaderboard: public bettors ranked by the luck-adjusted yield of their graded picks on events that started this week, month, quarter or year.',
  );
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = isPeriod(asked) ? asked : SPOTLIGHT_DEFAULT_PERIOD;

  const choose = (value: string) => {
    if (!isPeriod(value)) return;
    setParams(value === SPOTLIGHT_DEFAULT_PERIOD ? {} : { period: value }, { replace: true });
  };

  return (
    <PageContainer className="flex flex-col gap-8">
      <PageHeading
        title="Bettor Spotlight"
        lead="Public bettors ranked by evidence of skill: the level-stakes yield of their graded picks, less what luck alone gives a break-even bettor, so a long, steady edge beats a lucky week, one big stake or a pick entered many times. Every record that qualifies is ranked, losing ones included. Every pick was recorded before its event started and graded from its result: nothing here is self-reported."
      />
      <Tabs value={period} onValueChange={choose} className="gap-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <TabsList aria-label="Period" className="w-full md:w-auto">
            {SPOTLIGHT_PERIODS.map((p) => (
              <TabsTrigger key={p} value={p} className="px-4">
                {SPOTLIGHT_PERIOD_LABELS[p]}
              </TabsTrigger>
            ))}
          </TabsList>
          <p className="text-sm text-muted-foreground md:max-w-md md:text-right" data-testid="spotlight-rule">
            Graded picks on events of the last {SPOTLIGHT_PERIOD_DAYS[period]} days · ranked by luck-adjusted yield ·
            picks on at least {RANK_MIN_EVENTS} different events in the period to be ranked
          </p>
        </div>
        {SPOTLIGHT_PERIODS.map((p) => (
          <TabsContent key={p} value={p}>
            <Leaderboard period={p} />
          </TabsContent>
        ))}
      </Tabs>
      <RankingRules />
    </PageContainer>
  );
}

function Leaderboard({ period }: { period: SpotlightPeriod }) {
  const query = useSpotlight(period);
  const label = `${SPOTLIGHT_PERIOD_LABELS[period]} leaderboard`;

  if (query.isPending) return <ListLoading>Loading leaderboard...</ListLoading>;
  if (query.isError) return <ListLoadError what="leaderboard" error={query.error} query={query} />;

  const entries = query.data.pages.flatMap((page) => page.entries);
  const disclosures = pagesDisclosures(query.data.pages);
  const total = query.data.pages[0]?.total ?? 0;
  if (total === 0 || entries.length === 0) return <NobodyQualifies period={period} />;

  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={label} className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={entry.username}>
            <LeaderboardEntry entry={entry} disclosure={disclosures[entry.username]} />
          </li>
        ))}
      </ol>
      <div className="flex flex-col items-center gap-3 pt-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {entries.length} of {total} ranked {total === 1 ? 'bettor' : 'bettors'}
        </p>
        <NextPageButton query={query}>Show more</NextPageButton>
      </div>
    </div>
  );
}

const PODIUM = [
  { icon: Crown, className: 'bg-amber-100 text-amber-800 ring-amber-300' },
  { icon: Trophy, className: 'bg-slate-200 text-slate-800 ring-slate-300' },
  { icon: Medal, className: 'bg-orange-100 text-orange-900 ring-orange-300' },
] as const;

function RankBadge({ rank, winning }: { rank: number; winning: boolean }) {
  const podium = PODIUM[rank - 1];
  const highlighted = rank <= SPOTLIGHT_HIGHLIGHTED && winning;
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 flex-col items-center justify-center rounded-full text-sm font-bold tabular-nums ring-1',
        podium?.className ??
          (highlighted
            ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
            : 'bg-muted text-muted-foreground ring-border'),
      )}
    >
      {podium ? <podium.icon aria-hidden="true" className="size-4" /> : null}
      <span className={cn(podium && 'text-[0.65rem] leading-none')} data-testid="rank">
        <span className="sr-only">Rank </span>
        {podium ? rank : `#${rank}`}
      </span>
    </span>
  );
}

function LeaderboardEntry({ entry, disclosure }: { entry: SpotlightEntry; disclosure: RecordDisclosure | undefined }) {
  const { user } = useAuth();
  const ownUsername = useOwnUsername(user?.id ?? null);
  const nameId = useId();
  // Highlighted for its place, in green only while its yield is above zero: a loss is never green.
  const top = entry.rank <= SPOTLIGHT_HIGHLIGHTED;
  const winning = entry.levelStakesYield > 0;
  const name = bettorName(entry);
  return (
    <article
      aria-labelledby={nameId}
      data-testid="spotlight-entry"
      data-top={top || undefined}
      className={cn(
        'grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-3 rounded-lg border bg-card p-4 shadow-sm sm:gap-x-4 lg:grid-cols-[auto_minmax(0,1.3fr)_minmax(0,2.4fr)_auto]',
        top && winning
          ? 'border-emerald-300 bg-linear-to-r from-emerald-50 to-card ring-1 ring-emerald-200'
          : top
            ? 'border-slate-300 ring-1 ring-slate-200'
            : 'border-border',
      )}
    >
      <RankBadge rank={entry.rank} winning={winning} />
      <div className="flex min-w-0 items-center gap-3">
        <BettorAvatar bettor={entry} className={cn(!top && 'size-9 text-base')} />
        <div className="min-w-0">
          <BettorHeading id={nameId} name={name} verified={entry.verified} />
          <p className="flex flex-wrap gap-x-1.5 text-sm text-muted-foreground">
            <span className="max-w-full truncate">@{entry.username}</span>
            <span aria-hidden="true">·</span>
            <span className="whitespace-nowrap">Joined {formatJoined(entry.joinedDate)}</span>
            <span aria-hidden="true">·</span>
            <span className="whitespace-nowrap">Favourite: {sportName(entry.favouriteSport)}</span>
          </p>
          <RecordDisclosureLine disclosure={disclosure} className="mt-1" />
        </div>
      </div>
      <dl className="col-span-2 grid grid-cols-2 gap-x-3 gap-y-2 min-[480px]:grid-cols-4 lg:col-span-1">
        <Figure label={FIGURES.levelStakesYield.label} valueClassName={signClass(entry.levelStakesYield)}>
          {formatSignedPercent(entry.levelStakesYield)}
        </Figure>
        <Figure label="Profit" valueClassName={profitClass(entry.totalProfit)}>
          {formatSignedMoney(entry.totalProfit)}
        </Figure>
        <Figure label={FIGURES.yieldRange.label} className="col-span-2">
          {formatRange(entry.yieldInterval)}
        </Figure>
        <Figure label="Luck-adjusted yield" valueClassName={signClass(entry.luckAdjustedYield)} className="col-span-2">
          {formatSignedPercent(entry.luckAdjustedYield)}
        </Figure>
        <Figure label={FIGURES.winRate.label}>{formatPercent(entry.winRate)}</Figure>
        <Figure label={`${FIGURES.settledBets.label} (won)`}>
          {entry.totalBets} ({entry.wonBets})
        </Figure>
        <Figure
          label="Streak"
          valueClassName={entry.streak?.result === 'won' ? 'text-positive' : entry.streak ? 'text-negative' : undefined}
        >
          {formatStreak(entry.streak)}
        </Figure>
      </dl>
      <div className="col-span-2 flex gap-2 *:flex-1 lg:col-span-1 lg:flex-col">
        <RowFollowButton username={entry.username} name={name} ownUsername={ownUsername} />
        <Button asChild variant={top ? 'default' : 'outline'} size="sm">
          <Link to={publicProfilePath(entry.username)} aria-label={`View Profile of ${name}`}>
            View Profile
          </Link>
        </Button>
      </div>
    </article>
  );
}

function NobodyQualifies({ period }: { period: SpotlightPeriod }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Users className="size-7" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold">No one qualifies yet</h2>
      <p className="max-w-md text-muted-foreground">
        Nobody with a public profile has graded picks won or lost on {RANK_MIN_EVENTS} different events of the last{' '}
        {SPOTLIGHT_PERIOD_DAYS[period]} days. Record picks on listed events to be the first on the board.
      </p>
      <Button asChild>
        <Link to={paths.dashboard}>Record a bet</Link>
      </Button>
    </Card>
  );
}

function RankingRules() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">How the ranking works</h2>
      <ul className="mt-3 flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted-foreground">
        <li>
          {RANKING_RULE} It counts the graded picks won or lost on events that started within the period: the last 7
          days (Week), 30 (Month), 90 (Quarter) or 365 (Year).
        </li>
        <li>
          Level-stakes yield is the profit per unit had every pick staked the same, so the size of a stake cannot buy a
          place. Bets on the same pick count as one, and a pick priced under 1.20 counts for nothing: luck alone makes a
          break-even bettor look this good about one time in forty, and the ranking takes that away, so a handful of
          lucky wins ranks below a long record with a steady edge.
        </li>
        <li>{RANKING_MINIMUM_RULE} Ties go to more picks.</li>
        <li>
          {FIGURES.winRate.label}, {FIGURES.settledBets.label.toLowerCase()} and profit count the period&apos;s graded
          picks won or lost at 1.20 or more (void / push picks returned the stake and count in none of them), so they
          can be fewer than the {FIGURES.totalBets.label} on the bettor&apos;s profile, which counts every bet ever
          recorded, pending, void and self-reported ones included. {FIGURES.yieldVsRoi.explanation} The streak is the
          current run of wins (W) or losses (L) over the bettor&apos;s latest graded picks, in the order the games were
          played; the favourite sport is the one they record most bets in.
        </li>
        <li>
          Only public profiles appear. The top five are highlighted; a yield below zero is shown in red wherever it
          ranks.
        </li>
        <li>
          A profile with an overdue bet (still pending {OVERDUE_AFTER_HOURS} hours after its event started) is left out
          until the bettor settles it.
        </li>
      </ul>
    </Card>
  );
}

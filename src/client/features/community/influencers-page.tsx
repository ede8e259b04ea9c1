import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, Crown, Minus, SearchX, TrendingDown, TrendingUp } from 'lucide-react';
import {
  CLV_MIN_CLOSES,
  ELITE_MIN_SETTLED_BETS,
  INFLUENCER_DEFAULT_SORT,
  INFLUENCER_SEARCH_MAX_LENGTH,
  INFLUENCER_SORTS,
  INFLUENCER_SORT_LABELS,
  INFLUENCER_SPORT_FILTERS,
  PRO_MIN_SETTLED_BETS,
  RANKING_MINIMUM_RULE,
  RANK_MIN_EVENTS,
  RANKING_RULE,
  RECENT_PICKS,
  SPORT_LABELS,
  TIERS,
  TIER_RULES,
  TREND_DAYS,
  type InfluencerSort,
  type InfluencerSportFilter,
  type Tier,
  type Trend,
} from '../../../shared/community.ts';
import type { Influencer } from '../../../shared/community-schemas.ts';
import { FIGURES, NO_SETTLED_BETS, NOTHING_MEASURED } from '../../../shared/figures.ts';
import { publicProfilePath } from '../../../shared/routes.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { LabelledSelect, Options } from '../../components/ui/native-select.tsx';
import { formatPercent, formatSignedMoney, formatSignedPercent } from '../../lib/format.ts';
import { STATUS_LABELS } from '../../../shared/bets.ts';
import { signedPercent } from '../../../shared/market.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { cn } from '../../lib/utils.ts';
import { LearnMoreButton, PageHero } from '../marketing/index.ts';
import { ApplyForVerification } from '../verification/index.ts';
import { useInfluencers, type InfluencerFilters } from './api/community.ts';
import { ListLoadError, ListLoading, NextPageButton, pagesDisclosures } from './paged-list.tsx';
import type { RecordDisclosure } from '../../../shared/disclosures.ts';
import { RowFollowButton } from '../follows/index.ts';
import { RecordDisclosureLine, useOwnUsername } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
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

const SEARCH_DELAY_MS = 300;

const isSport = (v: string | null): v is InfluencerSportFilter =>
  INFLUENCER_SPORT_FILTERS.includes(v as InfluencerSportFilter);
const isSort = (v: string | null): v is InfluencerSort => INFLUENCER_SORTS.includes(v as InfluencerSort);

const sportFilterLabel = (sport: InfluencerSportFilter) => (sport === 'all' ? 'All sports' : SPORT_LABELS[sport]);

/** /influencers: the marketing hero, then the directory of public records (filters kept in the URL). */
export function InfluencersPage() {
  usePageMeta(
    'Influencers',
    'Betting influencers with a public, verifiable record on betproof: win rate, profit and their latest picks.',
  );
  const [params, setParams] = useSearchParams();
  const filters: InfluencerFilters = {
    search: (params.get('q') ?? '').trim().slice(0, INFLUENCER_SEARCH_MAX_LENGTH),
    sport: isSport(params.get('sport')) ? (params.get('sport') as InfluencerSportFilter) : 'all',
    sort: isSort(params.get('sort')) ? (params.get('sort') as InfluencerSort) : INFLUENCER_DEFAULT_SORT,
  };

  const update = (patch: Partial<InfluencerFilters>) => {
    const next = { ...filters, ...patch };
    const search: Record<string, string> = {};
    if (next.search) search.q = next.search;
    if (next.sport !== 'all') search.sport = next.sport;
    if (next.sort !== INFLUENCER_DEFAULT_SORT) search.sort = next.sort;
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageHero
        eyebrow="Influencers"
        title="Follow bettors whose record you can check"
        lead="Every pick on betproof is recorded at least 6 hours before the event and settled once it has started. A bet can be deleted only in the 15 minutes after it is recorded and before its event starts, and every deletion stays public: each bettor below shows their graded, self-reported, void and deleted bets, and their profile lists what they deleted. No edited odds, no losers left pending (a bettor with an overdue bet is left out until it is settled): the win rate, yield and profit below are the real thing, and the ranking is one a big stake or a lucky run can't buy."
      >
        <div className="mt-2 flex flex-wrap gap-3">
          <ApplyForVerification label="Get Verified" size="lg" />
          <LearnMoreButton />
        </div>
      </PageHero>
      <PageContainer className="flex flex-col gap-8">
        <Directory filters={filters} onChange={update} />
        <Tiers />
        <ApplyBand />
      </PageContainer>
    </>
  );
}

function Directory({
  filters,
  onChange,
}: {
  filters: InfluencerFilters;
  onChange: (patch: Partial<InfluencerFilters>) => void;
}) {
  const headingId = useId();
  const searchId = useId();
  const [text, setText] = useState(filters.search);

  // The search box waits for a pause in typing before it asks the server.
  useEffect(() => {
    const typed = text.trim();
    if (typed === filters.search) return;
    const timer = setTimeout(() => onChange({ search: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.search, onChange]);

  const query = useInfluencers(filters);
  const cards = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const disclosures = pagesDisclosures(query.data?.pages ?? []);
  const total = query.data?.pages[0]?.total ?? 0;
  const filtered = filters.search !== '' || filters.sport !== 'all';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          Bettor directory
        </h2>
        <p className="max-w-3xl text-sm text-muted-foreground">
          Public profiles with at least one recorded bet, in the order you choose: by default the ranking&apos;s,
          verified or not; choose &ldquo;Verified first&rdquo; to list verified bettors first. The sport filter shows
          bettors with at least one bet in that sport. &ldquo;Closing-line value&rdquo; orders by how much the odds
          taken beat the bookmakers&rsquo; fair closing odds, those with {CLV_MIN_CLOSES} graded picks with a close
          first. Win rate, yield, bets and profit are all-time, with odds above the market counted at the best price
          seen.
        </p>
        <p className="max-w-3xl text-sm text-muted-foreground" data-testid="ranking-rule">
          {RANKING_RULE} {RANKING_MINIMUM_RULE}
        </p>
      </div>
      <form
        role="search"
        aria-label="Find bettors"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ search: text.trim() });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={searchId}>Search</Label>
          <SearchInput
            id={searchId}
            value={text}
            maxLength={INFLUENCER_SEARCH_MAX_LENGTH}
            placeholder="Name or username"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <LabelledSelect
          label="Sport"
          value={filters.sport}
          onChange={(e) => onChange({ sport: e.target.value as InfluencerSportFilter })}
        >
          <Options values={INFLUENCER_SPORT_FILTERS} label={sportFilterLabel} />
        </LabelledSelect>
        <LabelledSelect
          label="Sort by"
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value as InfluencerSort })}
        >
          <Options values={INFLUENCER_SORTS} label={(s) => INFLUENCER_SORT_LABELS[s]} />
        </LabelledSelect>
      </form>

      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="influencer-count">
        {query.isPending
          ? 'Loading bettors...'
          : query.isError
            ? ''
            : `${total} ${total === 1 ? 'bettor' : 'bettors'}${filtered ? ' match' : ''}`}
      </p>

      {query.isPending ? (
        <ListLoading>Loading bettors...</ListLoading>
      ) : query.isError ? (
        <ListLoadError what="directory" error={query.error} query={query} />
      ) : cards.length === 0 ? (
        <NoBettors filtered={filtered} />
      ) : (
        <>
          <ol aria-label="Bettors" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {cards.map((card) => (
              <li key={card.username} className="flex min-w-0">
                <InfluencerCard card={card} disclosure={disclosures[card.username]} />
              </li>
            ))}
          </ol>
          <div className="flex flex-col items-center gap-3">
            <p className="text-sm text-muted-foreground">
              Showing {cards.length} of {total}
            </p>
            <NextPageButton query={query}>Load more</NextPageButton>
          </div>
        </>
      )}
    </section>
  );
}

const TIER_STYLES: Record<Tier, string> = {
  Elite: 'border-amber-300 bg-amber-50 text-amber-900',
  Pro: 'border-sky-200 bg-sky-50 text-sky-900',
  Rising: 'border-slate-200 bg-slate-50 text-slate-700',
};

const RANK_STYLES = [
  'bg-amber-400 text-amber-950',
  'bg-slate-300 text-slate-900',
  'bg-orange-300 text-orange-950',
] as const;

const TREND: Record<Trend, { icon: typeof TrendingUp; label: string; className: string }> = {
  up: { icon: TrendingUp, label: 'Up', className: 'text-positive' },
  down: { icon: TrendingDown, label: 'Down', className: 'text-negative' },
  stable: { icon: Minus, label: 'Stable', className: 'text-muted-foreground' },
};

const PICK_BADGE = { won: 'success', lost: 'destructive', void: 'secondary' } as const;

function InfluencerCard({ card, disclosure }: { card: Influencer; disclosure: RecordDisclosure | undefined }) {
  const { user } = useAuth();
  const ownUsername = useOwnUsername(user?.id ?? null);
  const nameId = useId();
  const name = bettorName(card);
  const trend = TREND[card.trend];
  const rankStyle = card.rank === null ? undefined : RANK_STYLES[card.rank - 1];
  return (
    <Card
      role="article"
      aria-labelledby={nameId}
      data-testid="influencer-card"
      className={cn(
        'relative flex w-full flex-col gap-4 p-5',
        rankStyle && 'border-emerald-300 ring-1 ring-emerald-200',
      )}
    >
      {rankStyle && (
        <span
          className={cn(
            'absolute -top-3 right-4 inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold shadow-sm',
            rankStyle,
          )}
          data-testid="rank-badge"
        >
          <Crown aria-hidden="true" className="size-3.5" />#{card.rank}
        </span>
      )}
      <div className="flex items-start gap-3">
        <BettorAvatar bettor={card} />
        <div className="min-w-0 flex-1">
          <BettorHeading id={nameId} name={name} verified={card.verified} />
          <p className="truncate text-sm text-muted-foreground">@{card.username}</p>
          <RecordDisclosureLine disclosure={disclosure} className="mt-1" />
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge variant="outline" className={TIER_STYLES[card.tier]}>
              {card.tier}
            </Badge>
            <Badge variant="outline">{sportName(card.mainSport)}</Badge>
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-[minmax(0,0.8fr)_minmax(0,0.8fr)_minmax(0,1.4fr)] gap-2 rounded-md bg-muted/60 p-3">
        <Figure label={FIGURES.winRate.label}>
          {card.settledBets === 0 ? NOTHING_MEASURED : formatPercent(card.winRate)}
        </Figure>
        <Figure label={FIGURES.totalBets.label}>{card.totalBets}</Figure>
        <Figure label={FIGURES.totalProfit.label} valueClassName={profitClass(card.totalProfit)}>
          {formatSignedMoney(card.totalProfit)}
        </Figure>
      </dl>
      <p className="text-sm" data-testid="yield">
        {card.levelStakesYield === null || card.yieldInterval === null ? (
          <span className="text-muted-foreground">{NO_SETTLED_BETS}</span>
        ) : (
          <>
            <span className="text-muted-foreground">{FIGURES.levelStakesYield.label} </span>
            <span className={cn('font-semibold tabular-nums', signClass(card.levelStakesYield))}>
              {formatSignedPercent(card.levelStakesYield)}
            </span>
            <span className="text-muted-foreground">
              {' '}
              · {FIGURES.yieldRange.label} {formatRange(card.yieldInterval)}
            </span>
            {card.rank === null && (
              <span className="block text-xs text-muted-foreground">
                Not ranked yet: graded picks on {card.events} of {RANK_MIN_EVENTS} events needed
              </span>
            )}
          </>
        )}
      </p>
      <p className="text-sm" data-testid="clv">
        {card.averageClv === null ? (
          <span className="text-muted-foreground">No graded pick with a closing price yet</span>
        ) : (
          <>
            <span className="text-muted-foreground">Closing-line value </span>
            <span className={cn('font-semibold tabular-nums', signClass(card.averageClv))}>
              {signedPercent(card.averageClv)}
            </span>
            <span className="text-muted-foreground">
              {' '}
              over {card.closes} {card.closes === 1 ? 'pick' : 'picks'} with a close
              {card.closes < CLV_MIN_CLOSES && ` (${CLV_MIN_CLOSES} needed to be sorted by it)`}
            </span>
          </>
        )}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <span className="text-muted-foreground">Trend</span>
        <span className={cn('inline-flex items-center gap-1 font-medium', trend.className)}>
          <trend.icon aria-hidden="true" className="size-4" />
          {trend.label}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatSignedMoney(card.recentProfit)} in the last {TREND_DAYS} days vs{' '}
          {formatSignedMoney(card.previousProfit)} the {TREND_DAYS} before
        </span>
      </p>
      <div className="flex flex-1 flex-col gap-2">
        <h4 className="text-sm font-semibold">Latest picks</h4>
        {card.recentPicks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No settled picks yet.</p>
        ) : (
          <ul className="flex flex-col gap-1.5" aria-label={`Latest ${RECENT_PICKS} settled picks of ${name}`}>
            {card.recentPicks.map((pick, i) => (
              <li key={`${pick.settledAt}-${i}`} className="flex items-center gap-2 text-sm">
                <Badge variant={PICK_BADGE[pick.result]} className="min-w-12 justify-center">
                  {STATUS_LABELS[pick.result]}
                </Badge>
                <span className="min-w-0 flex-1 truncate" title={pick.description}>
                  {pick.description}
                </span>
                <span className={cn('shrink-0 font-medium tabular-nums', profitClass(pick.profit))}>
                  {formatSignedMoney(pick.profit)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-3">
        <span className="text-xs text-muted-foreground">Joined {formatJoined(card.joinedDate)}</span>
        <div className="flex gap-2">
          <RowFollowButton username={card.username} name={name} ownUsername={ownUsername} />
          <Button asChild size="sm" variant="outline">
            <Link to={publicProfilePath(card.username)} aria-label={`View Profile of ${name}`}>
              View Profile
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function NoBettors({ filtered }: { filtered: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h3 className="text-lg font-semibold">{filtered ? 'No bettors match' : 'No public records yet'}</h3>
      <p className="max-w-md text-sm text-muted-foreground">
        {filtered
          ? 'Try another name, or another sport.'
          : 'Bettors appear here once they record a bet with a public profile.'}
      </p>
    </Card>
  );
}

function Tiers() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="p-6">
        <h2 id={headingId} className="text-lg font-semibold">
          Tiers
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Worked out from each bettor&apos;s record (ROI = profit / stake of settled bets):
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          {TIERS.map((tier) => (
            <div key={tier} className="flex flex-col gap-1.5 rounded-md border border-border p-3">
              <dt>
                <Badge variant="outline" className={TIER_STYLES[tier]}>
                  {tier}
                </Badge>
              </dt>
              <dd className="text-sm">{TIER_RULES[tier]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-muted-foreground">
          Elite needs {ELITE_MIN_SETTLED_BETS}+ settled bets, Pro {PRO_MIN_SETTLED_BETS}+. Trend compares the profit of
          bets settled in the last {TREND_DAYS} days with the {TREND_DAYS} days before: up, down, or stable when equal.
        </p>
      </Card>
    </section>
  );
}

function ApplyBand() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-4 rounded-lg bg-navy p-6 text-navy-foreground sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex flex-col gap-1.5">
        <h2 id={headingId} className="text-xl font-bold text-white">
          Get the verified badge
        </h2>
        <p className="max-w-xl text-sm text-navy-muted">
          Verified bettors can reach the Elite tier, and the directory can list them first (&ldquo;Verified
          first&rdquo;). Apply from your profile; an administrator reviews every application.
        </p>
      </div>
      <ApplyForVerification size="lg" />
    </section>
  );
}

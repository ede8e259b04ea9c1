import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { BET_SPORTS, type BetSport } from '../../../shared/bets.ts';
import type { FeedPick } from '../../../shared/follow-schemas.ts';
import { formatDuration, MINUTE_MS } from '../../../shared/time-units.ts';
import { paths, publicProfilePath } from '../../../shared/routes.ts';
import { PageContainer, PageHeading } from '../../components/layout/page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { LoadMoreButton } from '../../components/ui/load-more-button.tsx';
import { NativeSelect, Options } from '../../components/ui/native-select.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { Odds } from '../../components/ui/odds.tsx';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { BetKindBadge, BetStatusBadge, sportLabel } from '../bets/index.ts';
import { useFeed } from './api/follows.ts';
import { NotificationSettings } from '../notifications/index.ts';

/** /following: the picks of the bettors the signed-in person follows, with filters by sport and bettor. */
export function FollowingFeed({ userId }: { userId: string }) {
  const [sport, setSport] = useState<BetSport | ''>('');
  const [bettor, setBettor] = useState('');
  const feed = useFeed(userId, { sport, bettor });
  const sportId = useId();
  const bettorId = useId();
  const pages = feed.data?.pages ?? [];
  const picks = pages.flatMap((p) => p.picks);
  const following = pages[0]?.following ?? [];
  const filtered = sport !== '' || bettor !== '';

  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeading
        title="Following"
        lead="Picks from the bettors you follow: upcoming ones first, by start time, then results as they are settled."
      />
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
        <div className="flex flex-col gap-2">
          <Label htmlFor={sportId}>Sport</Label>
          <NativeSelect id={sportId} value={sport} onChange={(e) => setSport(e.target.value as BetSport | '')}>
            <option value="">All sports</option>
            <Options values={BET_SPORTS} label={sportLabel} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={bettorId}>Bettor</Label>
          <NativeSelect id={bettorId} value={bettor} onChange={(e) => setBettor(e.target.value)}>
            <option value="">Everyone you follow</option>
            {following.map((f) => (
              <option key={f.username} value={f.username}>
                {f.displayName ? `${f.displayName} (@${f.username})` : `@${f.username}`}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {feed.isPending ? (
        <LoadingScreen label="Loading picks..." />
      ) : feed.isError ? (
        <p role="alert" className="text-destructive">
          Could not load your feed. {feed.error.message}
        </p>
      ) : picks.length === 0 ? (
        filtered ? (
          <p className="text-muted-foreground">No picks match these filters.</p>
        ) : (
          <EmptyFeed />
        )
      ) : (
        <ol aria-label="Picks" className="flex flex-col gap-3">
          {picks.map((pick) => (
            <li key={pick.id}>
              <PickCard pick={pick} />
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton pages={feed} />
      {following.length > 0 && <NotificationSettings userId={userId} />}
    </PageContainer>
  );
}

function EmptyFeed() {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <Users className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No picks yet</h2>
      <p className="max-w-md text-muted-foreground">
        Follow a bettor to see their picks here before their games start: open a public profile (from the{' '}
        <Link to={paths.spotlight} className="font-medium underline underline-offset-4">
          Spotlight
        </Link>{' '}
        or the{' '}
        <Link to={paths.influencers} className="font-medium underline underline-offset-4">
          Influencers
        </Link>{' '}
        directory) and press Follow.
      </p>
    </Card>
  );
}

function PickCard({ pick }: { pick: FeedPick }) {
  const start = Date.parse(pick.eventDate);
  // The countdown and the wait since the start are worded to the minute: they change each minute.
  const now = useNow([start], MINUTE_MS).getTime();
  const name = pick.displayName ?? `@${pick.username}`;
  const when =
    pick.status !== 'pending'
      ? null
      : start > now
        ? `Starts in ${formatDuration(start - now)}`
        : `Started ${formatDuration(now - start)} ago, awaiting result`;
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={publicProfilePath(pick.username)} className="font-semibold underline-offset-4 hover:underline">
          {name}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{sportLabel(pick.sport)}</Badge>
          <BetKindBadge kind={pick.graded ? 'graded' : 'self-reported'} />
          <BetStatusBadge status={pick.status} />
        </div>
      </div>
      <p className="break-words">{pick.description}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Starts</dt>
          <dd>{formatDateTime(pick.eventDate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Odds · stake</dt>
          <dd>
            <Odds odds={pick.odds} /> · {formatMoney(pick.amount)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Recorded</dt>
          <dd>{formatDuration(pick.leadSeconds * 1000)} before the start</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{pick.profitLoss === null ? 'Status' : 'Result'}</dt>
          <dd>{pick.profitLoss === null ? when : formatSignedMoney(pick.profitLoss)}</dd>
        </div>
      </dl>
    </Card>
  );
}

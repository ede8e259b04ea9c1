import { Suspense, useDeferredValue, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, BadgeCheck, UserX } from 'lucide-react';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { paths } from '../../../shared/routes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AchievementsList } from './achievements-list.tsx';
import { usePublicProfile, useProfileBets } from './api/profiles.ts';
import { profileName } from './format.ts';
import { ProfileAvatar } from './profile-avatar.tsx';
import { ProfileBetList } from './profile-bet-list.tsx';
import { ProfileStats } from './profile-stats.tsx';
import { RankedRecord } from './ranked-record.tsx';
import { RecordKinds } from './record-kinds.tsx';
import { ShareProfileButton } from './share-profile-button.tsx';
import { SocialLinks } from './social-links.tsx';
import { VerifyRecord } from './verify-record.tsx';
import { DeletedBeforeStart } from './deleted-bets.tsx';
import { MarketFiguresCard } from './market-figures.tsx';
import { RecordDisclosureLine } from './record-disclosure.tsx';
import { FollowButton } from '../follows/index.ts';

type View = 'loading' | 'not-found' | 'profile';

/**
 * /{username}: loading, not found, or the bettor's record. A private profile is not found to all but
 * its owner and admins (the API answers it as a name nobody has: docs/decisions/044).
 */
export function PublicProfileView({ username }: { username: string }) {
  // Deferred: an answer is rendered in slices that yield to the browser, not in one long task.
  const profile = useDeferredValue(usePublicProfile(username));
  const view: View = profile.data ? 'profile' : profile.isPending ? 'loading' : 'not-found';

  useDocumentTitle(
    view === 'profile' && profile.data
      ? `${profileName(profile.data)} (@${profile.data.username})`
      : view === 'not-found'
        ? 'Profile Not Found'
        : `@${username}`,
  );

  if (view === 'loading') return <LoadingScreen label="Loading profile..." />;
  if (view === 'not-found')
    return (
      <ProfileMessage
        icon={<UserX className="size-8" aria-hidden="true" />}
        title="Profile Not Found"
        text={`The profile "@${username}" doesn't exist or has been removed.`}
      />
    );
  return <PublicProfileContent profile={profile.data!} />;
}

function ProfileMessage({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <PageContainer className="flex flex-1 items-center justify-center">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
          {icon}
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="break-words text-muted-foreground">{text}</p>
        <BackHomeButton className="mt-2" />
      </Card>
    </PageContainer>
  );
}

function BackHomeButton(props: Pick<ComponentProps<typeof Button>, 'variant' | 'className'>) {
  return (
    <Button asChild {...props}>
      <Link to={paths.home}>
        <ArrowLeft aria-hidden="true" />
        Back to Home
      </Link>
    </Button>
  );
}

function PublicProfileContent({ profile }: { profile: PublicProfile }) {
  const bets = useDeferredValue(useProfileBets(profile.username));
  const name = profileName(profile);
  return (
    <PageContainer className="flex flex-col gap-6 sm:gap-8">
      {profile.isOwner && !profile.profilePublic && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          Your profile is private: only you can see this page.{' '}
          <Link to={paths.profile} className="font-medium underline underline-offset-4">
            Change it in your profile settings
          </Link>
          .
        </p>
      )}
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-4">
            <ProfileAvatar profile={profile} />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
                {profile.verificationStatus === 'verified' && (
                  <Badge variant="success">
                    <BadgeCheck aria-hidden="true" />
                    Verified Bettor
                  </Badge>
                )}
              </div>
              <p className="break-all text-muted-foreground">@{profile.username}</p>
              <RecordDisclosureLine disclosure={profile.disclosure} />
              <FollowButton profile={profile} name={name} />
            </div>
          </div>
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <BackHomeButton variant="ghost" />
            <ShareProfileButton username={profile.username} />
          </div>
        </div>
        <SocialLinks social={profile.social} />
      </Card>

      <RecordKinds graded={profile.stats.graded} selfReported={profile.stats.selfReported} />
      <ProfileStats stats={profile.stats} daysActive={profile.daysActive} />
      <RankedRecord ranking={profile.ranking} />
      <MarketFiguresCard market={profile.market} />

      <Tabs defaultValue="record">
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit">
          <TabsTrigger value="record">Betting Record</TabsTrigger>
          <TabsTrigger value="achievements">Achievements</TabsTrigger>
        </TabsList>
        <TabsContent value="record">
          {/* Its dates are in the server's time zone in the HTML: a visitor in another one gets a
              hydration mismatch here, and React renders this boundary again, not the whole page. */}
          <Suspense>
            <ProfileBetList
              title="Betting Record"
              pages={bets}
              totalBets={profile.stats.totalBets}
              username={profile.username}
              emptyText={`@${profile.username} hasn't recorded any bets yet.`}
            />
          </Suspense>
        </TabsContent>
        {/* Always in the page (hidden until chosen): the server's HTML carries the achievements too. */}
        <TabsContent value="achievements" forceMount className="data-[state=inactive]:hidden">
          <AchievementsList achievements={profile.achievements} />
        </TabsContent>
      </Tabs>

      <DeletedBeforeStart username={profile.username} />

      <VerifyRecord username={profile.username} head={profile.ledgerHead} profilePublic={profile.profilePublic} />
    </PageContainer>
  );
}

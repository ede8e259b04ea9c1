import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BadgeCheck, Clock, Download, ExternalLink, Eye, EyeOff, ShieldQuestion, type LucideIcon } from 'lucide-react';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../shared/display-name.ts';
import type { VerificationStatus } from '../../../shared/profiles.ts';
import { updateProfileSchema, type OwnProfile } from '../../../shared/profile-schemas.ts';
import { publicProfilePath } from '../../../shared/routes.ts';
import { checkUsername } from '../../../shared/usernames.ts';
import type { SessionUser } from '../../lib/auth-client.ts';
import { PageContainer } from '../../components/layout/page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { RetryButton } from '../../components/ui/retry.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useBetPages } from '../bets/index.ts';
import { ImportHistoryButton, ImportedBetList } from '../imports/index.ts';
import { ApplyForVerification } from '../verification/index.ts';
import { AchievementsList } from './achievements-list.tsx';
import { EXPORT_CSV_URL, useOwnProfile, useUpdateProfile } from './api/profiles.ts';
import { profileName } from './format.ts';
import { InlineEdit } from './inline-edit.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { ProfileBetList } from './profile-bet-list.tsx';
import { ProfileStats } from './profile-stats.tsx';
import { RankedRecord } from './ranked-record.tsx';
import { SettingsDialog } from './settings-dialog.tsx';
import { ShareProfileButton } from './share-profile-button.tsx';
import { SocialLinks } from './social-links.tsx';
import { VerifyRecord } from './verify-record.tsx';

// recharts stays out of every other chunk: the tab loads it when first opened.
const AnalyticsTab = lazy(() => import('./analytics-tab.tsx'));

const VERIFICATION: Record<
  VerificationStatus,
  { label: string; variant: 'success' | 'warning' | 'outline'; icon: LucideIcon }
> = {
  verified: { label: 'Verified', variant: 'success', icon: BadgeCheck },
  pending: { label: 'Pending', variant: 'warning', icon: Clock },
  unverified: { label: 'Unverified', variant: 'outline', icon: ShieldQuestion },
};

const TABS = ['bets', 'imported', 'analytics', 'achievements'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  bets: 'Recent Bets',
  imported: 'Imported',
  analytics: 'Analytics',
  achievements: 'Achievements',
};

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid value';

/** /profile: the signed-in user's real record, editable name and username, settings, analytics, export. */
export function OwnProfileView({ user }: { user: SessionUser }) {
  const profile = useOwnProfile(user.id);

  if (profile.isPending) return <OwnProfileSkeleton />;
  if (!profile.data)
    return (
      <PageContainer className="flex flex-1 items-center justify-center">
        <Card className="flex w-full max-w-md flex-col items-center gap-4 p-8 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Profile</h1>
          <p className="text-muted-foreground">Your profile could not be loaded.</p>
          <RetryButton query={profile} />
        </Card>
      </PageContainer>
    );
  return <OwnProfileContent user={user} profile={profile.data} />;
}

/** The page's layout before the profile arrives (the server renders it so): the header card in grey blocks. */
function OwnProfileSkeleton() {
  return (
    <PageContainer className="flex flex-col gap-6 sm:gap-8">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <Skeleton className="size-14 shrink-0 rounded-full sm:size-20" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className="h-8 w-48 max-w-full sm:h-9" />
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-40" />
          </div>
        </div>
      </Card>
      <LoadingStatus>Loading profile...</LoadingStatus>
    </PageContainer>
  );
}

function OwnProfileContent({ user, profile }: { user: SessionUser; profile: OwnProfile }) {
  const update = useUpdateProfile(user.id);
  const bets = useBetPages(user.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'bets';
  const verification = VERIFICATION[profile.verificationStatus];
  const name = profileName(profile);

  return (
    <PageContainer className="flex flex-col gap-6 sm:gap-8">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <div className="flex min-w-0 flex-1 items-start gap-4">
            <ProfileAvatar profile={profile} />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <InlineEdit
                label="Display name"
                field="displayName"
                value={profile.displayName ?? ''}
                keepDisplay
                display={<h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>}
                placeholder={profile.username}
                maxLength={DISPLAY_NAME_MAX_LENGTH}
                autoComplete="name"
                description="Shown instead of your username. Leave empty to show your username."
                validate={(text) => {
                  const parsed = updateProfileSchema.safeParse({ displayName: text });
                  return parsed.success
                    ? { ok: true, value: parsed.data.displayName ?? '' }
                    : { ok: false, error: firstIssue(parsed.error) };
                }}
                save={(displayName) => update.mutateAsync({ displayName })}
              />
              <InlineEdit
                label="Username"
                field="username"
                value={profile.username}
                display={<p className="break-all text-muted-foreground">@{profile.username}</p>}
                prefix="@"
                maxLength={30}
                autoComplete="username"
                description="3-30 characters: lowercase letters, digits, _ and ."
                validate={(text) => {
                  const checked = checkUsername(text);
                  return checked.ok ? { ok: true, value: checked.username } : { ok: false, error: checked.message };
                }}
                save={(username) => update.mutateAsync({ username })}
              />
              <Link
                to={publicProfilePath(profile.username)}
                className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                View public profile
              </Link>
              <div className="flex flex-wrap items-center gap-2 pt-1">
                <Badge variant={verification.variant}>
                  <verification.icon aria-hidden="true" />
                  Verification: {verification.label}
                </Badge>
                {profile.verificationStatus === 'unverified' && (
                  <ApplyForVerification variant="outline" size="sm" className="h-7 px-2.5 text-xs" whenDone="hidden" />
                )}
                {profile.profilePublic ? (
                  <Badge variant="secondary">
                    <Eye aria-hidden="true" />
                    Public profile
                  </Badge>
                ) : (
                  <Badge variant="secondary">
                    <EyeOff aria-hidden="true" />
                    Private profile
                  </Badge>
                )}
              </div>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end">
            <ShareProfileButton username={profile.username} />
            <SettingsDialog
              userId={user.id}
              settings={{
                profilePublic: profile.profilePublic,
                social: profile.social,
                unitSize: profile.stats.unitSize ?? '',
              }}
            />
            <ImportHistoryButton userId={user.id} />
            <Button asChild variant="outline">
              <a href={EXPORT_CSV_URL} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </div>
        </div>
        <SocialLinks social={profile.social} />
      </Card>

      <ProfileStats stats={profile.stats} daysActive={profile.daysActive} />
      <RankedRecord ranking={profile.ranking} />

      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'bets' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-9 sm:w-fit">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:px-3">
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="bets">
          <ProfileBetList
            title="Recent Bets"
            pages={bets}
            totalBets={profile.stats.totalBets}
            emptyText={
              <>
                Record your first bet on the{' '}
                <Link to="/dashboard" className="font-medium text-primary underline-offset-4 hover:underline">
                  dashboard
                </Link>
                .
              </>
            }
          />
        </TabsContent>
        <TabsContent value="imported">
          <ImportedBetList userId={user.id} />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingStatus>Loading analytics...</LoadingStatus>}>
            <AnalyticsTab userId={user.id} since={profile.createdAt} />
          </Suspense>
        </TabsContent>
        <TabsContent value="achievements">
          <AchievementsList achievements={profile.achievements} />
        </TabsContent>
      </Tabs>

      <VerifyRecord username={profile.username} head={profile.ledgerHead} profilePublic={profile.profilePublic} own />
    </PageContainer>
  );
}

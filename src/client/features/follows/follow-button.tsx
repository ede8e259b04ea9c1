import { Link, useLocation } from 'react-router';
import { UserCheck, UserPlus } from 'lucide-react';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.ts';
import { useAuth, type AuthRedirectState } from '../auth/index.ts';
import { useFollow, useFollowState, useRowFollowing } from './api/follows.ts';

const followersText = (n: number) => (n === 1 ? '1 follower' : `${n.toLocaleString('en-US')} followers`);

function FollowerCount({ count }: { count: number }) {
  return (
    <span className="text-sm text-muted-foreground" aria-live="polite">
      {followersText(count)}
    </span>
  );
}

type ButtonSize = 'default' | 'sm';

/** A visitor's Follow: a link to sign in that comes back to this page. */
function SignInToFollow({ name, size }: { name: string; size: ButtonSize }) {
  const location = useLocation();
  const state: AuthRedirectState = { from: location };
  return (
    <Button asChild size={size} aria-label={`Follow ${name}`}>
      <Link to={paths.auth} state={state}>
        <UserPlus aria-hidden="true" />
        Follow
      </Link>
    </Button>
  );
}

/**
 * The signed-in viewer's Follow / Following toggle for one bettor, with the follower count the
 * server last answered when `showCount` (the profile shows it; a list row does not).
 */
function FollowToggle({
  username,
  name,
  userId,
  size,
  known,
  showCount,
}: {
  username: string;
  name: string;
  userId: string;
  size: ButtonSize;
  /** What the page already knows (the profile's answer), until the follow state is asked. */
  known?: { following: boolean; followers: number };
  showCount: boolean;
}) {
  // A list's row asks with the page's other rows and needs no count; a profile asks alone.
  const state = useFollowState(username, userId, showCount);
  const row = useRowFollowing(username, userId, !showCount);
  const follow = useFollow(username, userId);
  const following = (showCount ? state.data?.following : row.data) ?? known?.following ?? false;
  const followers = state.data?.followers ?? known?.followers;
  const isPending = showCount ? state.isPending : row.isPending;
  const toggle = () =>
    follow.mutate(!following, {
      onError: (err) =>
        toast.error(following ? 'Could not unfollow' : 'Could not follow', { description: err.message }),
    });
  const button = (
    <Button
      size={size}
      variant={following ? 'outline' : 'default'}
      aria-label={following ? `Unfollow ${name}` : `Follow ${name}`}
      onClick={toggle}
      disabled={follow.isPending || isPending}
    >
      {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
  if (!showCount || followers === undefined) return button;
  return (
    <div className="flex items-center gap-3">
      {button}
      <FollowerCount count={followers} />
    </div>
  );
}

/**
 * "Follow" / "Following" on a public profile, with its follower count. A visitor is sent to sign
 * in; the owner sees the count only. Its accessible name says whom it follows or unfollows.
 */
export function FollowButton({ profile, name }: { profile: PublicProfile; name: string }) {
  const { user } = useAuth();
  if (profile.isOwner) return <FollowerCount count={profile.followers} />;
  if (!user)
    return (
      <div className="flex items-center gap-3">
        <SignInToFollow name={name} size="default" />
        <FollowerCount count={profile.followers} />
      </div>
    );
  return (
    <FollowToggle
      username={profile.username}
      name={name}
      userId={user.id}
      size="default"
      known={{ following: profile.following, followers: profile.followers }}
      showCount
    />
  );
}

/**
 * The same Follow / Following for a bettor's row in a list (the Spotlight, the directory), without
 * the count; nothing on the viewer's own row (`ownUsername`: the signed-in person's, when known).
 */
export function RowFollowButton({
  username,
  name,
  ownUsername,
}: {
  username: string;
  name: string;
  ownUsername: string | null;
}) {
  const { user } = useAuth();
  if (!user) return <SignInToFollow name={name} size="sm" />;
  if (ownUsername?.toLowerCase() === username.toLowerCase()) return null;
  return <FollowToggle username={username} name={name} userId={user.id} size="sm" showCount={false} />;
}

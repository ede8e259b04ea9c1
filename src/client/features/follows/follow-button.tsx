import { Link } from 'react-router';
import { UserCheck, UserPlus } from 'lucide-react';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.ts';
import { useAuth } from '../auth/index.ts';
import { useFollow, useFollowState } from './api.ts';

const followersText = (n: number) => (n === 1 ? '1 follower' : `${n.toLocaleString('en-US')} followers`);

function FollowerCount({ count }: { count: number }) {
  return (
    <span className="text-sm text-muted-foreground" aria-live="polite">
      {followersText(count)}
    </span>
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
        <Button asChild aria-label={`Follow ${name}`}>
          <Link to={paths.auth}>
            <UserPlus aria-hidden="true" />
            Follow
          </Link>
        </Button>
        <FollowerCount count={profile.followers} />
      </div>
    );
  return <SignedInFollowButton profile={profile} name={name} userId={user.id} />;
}

function SignedInFollowButton({ profile, name, userId }: { profile: PublicProfile; name: string; userId: string }) {
  const state = useFollowState(profile.username, userId);
  const follow = useFollow(profile.username, userId);
  const following = state.data?.following ?? profile.following;
  const toggle = () =>
    follow.mutate(!following, {
      onError: (err) =>
        toast.error(following ? 'Could not unfollow' : 'Could not follow', { description: err.message }),
    });
  return (
    <div className="flex items-center gap-3">
      <Button
        variant={following ? 'outline' : 'default'}
        aria-label={following ? `Unfollow ${name}` : `Follow ${name}`}
        onClick={toggle}
        disabled={follow.isPending || state.isPending}
      >
        {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {following ? 'Following' : 'Follow'}
      </Button>
      <FollowerCount count={state.data?.followers ?? profile.followers} />
    </div>
  );
}

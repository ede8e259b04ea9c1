import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserCheck, UserPlus } from 'lucide-react';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import type { FollowState } from '../../../shared/follow-schemas.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.ts';
import { useAuth } from '../auth/index.ts';
import { useFollow } from './api.ts';

/**
 * "Follow" / "Following" on a public profile, with its follower count. A visitor is sent to sign
 * in; the owner sees the count only. Its accessible name says whom it follows or unfollows.
 */
export function FollowButton({
  profile,
  name,
  onChanged,
}: {
  profile: PublicProfile;
  name: string;
  /** Gets where the follow stands after a change (to update the shown profile). */
  onChanged: (state: FollowState) => void;
}) {
  const { user } = useAuth();
  const count = (
    <span className="text-sm text-muted-foreground" aria-live="polite">
      {profile.followers === 1 ? '1 follower' : `${profile.followers.toLocaleString('en-US')} followers`}
    </span>
  );
  if (profile.isOwner) return count;
  if (!user)
    return (
      <div className="flex items-center gap-3">
        <Button asChild aria-label={`Follow ${name}`}>
          <Link to={paths.auth}>
            <UserPlus aria-hidden="true" />
            Follow
          </Link>
        </Button>
        {count}
      </div>
    );
  return <SignedInFollowButton profile={profile} name={name} userId={user.id} count={count} onChanged={onChanged} />;
}

function SignedInFollowButton({
  profile,
  name,
  userId,
  count,
  onChanged,
}: {
  profile: PublicProfile;
  name: string;
  userId: string;
  count: ReactNode;
  onChanged: (state: FollowState) => void;
}) {
  const follow = useFollow(profile.username, userId, onChanged);
  const following = profile.following;
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
        disabled={follow.isPending}
      >
        {following ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {following ? 'Following' : 'Follow'}
      </Button>
      {count}
    </div>
  );
}

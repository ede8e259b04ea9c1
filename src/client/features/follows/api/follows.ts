import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DataLoader from 'dataloader';
import type { BetSport } from '../../../../shared/bets.ts';
import type { FeedPage, FollowState } from '../../../../shared/follow-schemas.ts';
import { api, unwrap } from '../../../lib/api.ts';

export const feedKeys = {
  all: (userId: string) => ['feed', userId] as const,
  page: (userId: string, sport: string, bettor: string) => ['feed', userId, sport, bettor] as const,
  state: (userId: string, username: string) => ['follow', userId, username.toLowerCase()] as const,
  /** Whether a list's row is followed: asked with the other rows of the page (useRowFollowing). */
  row: (userId: string, username: string) => ['follow', userId, username.toLowerCase(), 'row'] as const,
};

/** The most names GET /api/follows/state takes at once (the longer list page's size). */
const FOLLOW_STATES_MAX = 50;

/**
 * The rows of a page (the Spotlight, the directory) ask whether they are followed in one request
 * per 50 rows, not one each: the requests the rows make within a few milliseconds of each other
 * are gathered into one GET /api/follows/state. TanStack Query keeps the answers (no cache here).
 */
const rowFollowing = new DataLoader<string, boolean>(
  async (usernames) => {
    const { following } = await unwrap(api.api.follows.state.$get({ query: { usernames: usernames.join(',') } }));
    const followed = new Set(following.map((name) => name.toLowerCase()));
    return usernames.map((name) => followed.has(name.toLowerCase()));
  },
  { cache: false, maxBatchSize: FOLLOW_STATES_MAX, batchScheduleFn: (send) => setTimeout(send, 10) },
);

const usernameParam = (username: string) => ({ username: encodeURIComponent(username) });

export const fetchFollowState = (username: string): Promise<FollowState> =>
  unwrap(api.api.profiles[':username'].follow.$get({ param: usernameParam(username) }));
export const followProfile = (username: string): Promise<FollowState> =>
  unwrap(api.api.profiles[':username'].follow.$post({ param: usernameParam(username) }));
export const unfollowProfile = (username: string): Promise<FollowState> =>
  unwrap(api.api.profiles[':username'].follow.$delete({ param: usernameParam(username) }));

export const fetchFeed = (
  filters: { sport: BetSport | ''; bettor: string },
  cursor: string | null,
): Promise<FeedPage> => {
  const query: Record<string, string> = {};
  if (filters.sport) query.sport = filters.sport;
  if (filters.bettor) query.bettor = filters.bettor;
  if (cursor) query.cursor = cursor;
  return unwrap(api.api.feed.$get({ query }));
};

/**
 * Whether the signed-in viewer follows the profile: asked on the page (its server-rendered HTML is
 * the same for everyone, so it cannot say).
 */
export function useFollowState(username: string, userId: string, enabled = true) {
  return useQuery({
    queryKey: feedKeys.state(userId, username),
    queryFn: () => fetchFollowState(username),
    enabled,
  });
}

/** Whether the signed-in viewer follows a list row's bettor, asked with the page's other rows. */
export function useRowFollowing(username: string, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.row(userId, username),
    queryFn: () => rowFollowing.load(username),
    enabled,
  });
}

/**
 * Follow or unfollow: the answer (following, follower count) is the follow state now, and the
 * viewer's feed is asked again next time it is shown.
 */
export function useFollow(username: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followProfile(username) : unfollowProfile(username)),
    onSuccess: (state) => {
      queryClient.setQueryData(feedKeys.state(userId, username), state);
      queryClient.setQueryData(feedKeys.row(userId, username), state.following);
      void queryClient.invalidateQueries({ queryKey: feedKeys.all(userId) });
    },
  });
}

/** GET /api/feed with the filters, a cursor page at a time. */
export function useFeed(userId: string, filters: { sport: BetSport | ''; bettor: string }) {
  return useInfiniteQuery({
    queryKey: feedKeys.page(userId, filters.sport, filters.bettor),
    queryFn: ({ pageParam }) => fetchFeed(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    refetchOnMount: 'always',
  });
}

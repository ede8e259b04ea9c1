import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Analytics,
  OwnProfile,
  ProfileBetPage,
  ProfileSettings,
  PublicProfile,
  UpdateProfileInput,
  UsernameAvailability,
} from '../../../../shared/profile-schemas.ts';
import { DASHBOARD_FIRST_DATA, PROFILE_FIRST_DATA } from '../../../../shared/first-data.ts';
import { api, askFirst, unwrap } from '../../../lib/api.ts';

/** Where the signed-in user's bets are exported (a plain link: the session cookie goes along). */
export const EXPORT_CSV_URL = '/api/profile/export.csv';

/**
 * Query keys. Public profiles are keyed by the lowercased username (the server matches
 * case-insensitively); the own profile by the signed-in user's id so accounts never share a cache.
 * A public profile's and its first bets', and the own profile's, are pages' first data
 * (shared/first-data.ts).
 */
export const profileKeys = {
  public: () => ['profiles'] as const,
  publicProfile: PROFILE_FIRST_DATA.profile.key,
  publicBets: PROFILE_FIRST_DATA.bets.key,
  own: (userId: string) => ['profile', userId] as const,
  ownProfile: DASHBOARD_FIRST_DATA.ownProfile.key,
  analytics: (userId: string) => ['profile', userId, 'analytics'] as const,
  usernameAvailability: (userId: string, username: string) =>
    ['profile', userId, 'username-availability', username] as const,
};

/*
 * A page's first answers at the addresses the server asks for its render (shared/first-data.ts);
 * the rest through the typed RPC client, whose declared return types are the shared contract, so
 * a server answer that drifts from src/shared/profiles.ts fails the type check here.
 */
export const fetchPublicProfile = (username: string): Promise<PublicProfile> =>
  askFirst(PROFILE_FIRST_DATA.profile, username);

export const fetchProfileBets = (username: string, cursor: string | null): Promise<ProfileBetPage> =>
  askFirst(PROFILE_FIRST_DATA.bets, username, cursor);

/** GET /api/profile, keyed by the signed-in user's id (not part of the address: the session's). */
const fetchOwnProfileOf = (userId: string): Promise<OwnProfile> => askFirst(DASHBOARD_FIRST_DATA.ownProfile, userId);
export const fetchAnalytics = (): Promise<Analytics> => unwrap(api.api.profile.analytics.$get());
/** Both writes answer with the updated own profile; field errors (409 taken, 422) arrive as ApiError.fields. */
export const updateProfile = (input: UpdateProfileInput): Promise<OwnProfile> =>
  unwrap(api.api.profile.$patch({ json: input }));
export const saveSettings = (settings: ProfileSettings): Promise<OwnProfile> =>
  unwrap(api.api.profile.settings.$put({ json: settings }));
/** An invalid or reserved name arrives as an ApiError (422) with the message in `fields.username`. */
export const fetchUsernameAvailability = (username: string): Promise<UsernameAvailability> =>
  unwrap(api.api.profile['username-availability'].$get({ query: { username } }));

/** GET /api/profiles/:username — 404 and 403 arrive as ApiErrors (never retried: see lib/query-client.ts). */
export function usePublicProfile(username: string) {
  return useQuery({
    queryKey: profileKeys.publicProfile(username),
    // Spec: a load error other than not-found or private toasts (the page then shows not-found).
    meta: { errorTitle: 'Failed to load profile', errorDescription: () => undefined },
    queryFn: () => fetchPublicProfile(username),
  });
}

/** A profile's record, newest first, a cursor page at a time. */
export function useProfileBets(username: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: profileKeys.publicBets(username),
    queryFn: ({ pageParam }) => fetchProfileBets(username, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled,
  });
}

/**
 * GET /api/profile. The own profile page asks again on every visit (`fresh`: bets recorded on the
 * dashboard change its numbers); the dashboard's username prompt, which reads only the username,
 * takes the answer its page came with while it is fresh.
 */
export function useOwnProfile(userId: string, { fresh = true }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: profileKeys.ownProfile(userId),
    meta: { errorTitle: 'Failed to load profile', errorDescription: () => undefined },
    queryFn: () => fetchOwnProfileOf(userId),
    refetchOnMount: fresh ? 'always' : true,
  });
}

/**
 * The signed-in person's username (null while signed out or not yet known): lists of bettors
 * leave their own row without a Follow button. It takes the own profile already fetched while fresh.
 */
export function useOwnUsername(userId: string | null): string | null {
  const profile = useQuery({
    queryKey: profileKeys.ownProfile(userId ?? ''),
    queryFn: () => fetchOwnProfileOf(userId ?? ''),
    enabled: userId !== null,
  });
  return userId === null ? null : (profile.data?.username ?? null);
}

/**
 * GET /api/profile/username-availability for a name the shared schema already accepts (`null`:
 * nothing to ask). Kept briefly, so typing back to a name asked a moment ago asks nothing.
 */
export function useUsernameAvailability(userId: string, username: string | null) {
  return useQuery({
    queryKey: profileKeys.usernameAvailability(userId, username ?? ''),
    queryFn: () => fetchUsernameAvailability(username!),
    enabled: username !== null,
    staleTime: 10_000,
    retry: false,
  });
}

/** GET /api/profile/analytics. */
export function useAnalytics(userId: string) {
  return useQuery({
    queryKey: profileKeys.analytics(userId),
    queryFn: fetchAnalytics,
    refetchOnMount: 'always',
  });
}

/** After a profile write: the answer is the own profile now; cached public views (maybe under the old name) are dropped. */
function useAfterProfileWrite(userId: string) {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.removeQueries({ queryKey: profileKeys.public() });
    queryClient.setQueryData(profileKeys.ownProfile(userId), profile);
  };
}

/** PATCH /api/profile {username?, displayName?}; field errors (409 taken, 422) arrive as ApiError.fields. */
export function useUpdateProfile(userId: string) {
  const after = useAfterProfileWrite(userId);
  return useMutation({ mutationFn: updateProfile, onSuccess: after });
}

/** PUT /api/profile/settings. */
export function useSaveSettings(userId: string) {
  const after = useAfterProfileWrite(userId);
  return useMutation({ mutationFn: saveSettings, onSuccess: after });
}

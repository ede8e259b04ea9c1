/** /api/profiles/{username}/follow, /api/follows/state and /api/feed (signed in): modules/follows/routes.ts. */
import { PROFILE_NOT_FOUND_ERROR } from '../../shared/profiles.ts';
import { CANNOT_FOLLOW_SELF_MESSAGE, FEED_PAGE_MAX, FOLLOWING_LIMIT_MESSAGE } from '../../shared/follows.ts';
import {
  FOLLOW_STATES_MAX,
  feedPageSchema,
  feedQuerySchema,
  followStateSchema,
  followStatesQuerySchema,
  followStatesSchema,
} from '../../shared/follow-schemas.ts';
import {
  apiError,
  errors,
  jsonSchema,
  queryParameters,
  quotaRefused,
  ref,
  response,
  says,
  signedIn,
  username,
  type ApiModule,
  type OperationSpec,
} from './common.ts';

const noProfile = apiError(`No such profile: ${says(PROFILE_NOT_FOUND_ERROR)}`);

const followOperation = (operationId: string, summary: string, extra: OperationSpec['responses']): OperationSpec => ({
  operationId,
  summary,
  description: 'Idempotent: doing it twice leaves the same state. Counted against the write quota.',
  security: signedIn,
  parameters: [username],
  responses: {
    '200': response('Whether you follow the profile now, and its follower count', ref('FollowState')),
    '401': errors.notAuthenticated,
    '404': noProfile,
    '429': quotaRefused.writes('following bettors'),
    ...extra,
  },
});

export const followsModule: ApiModule = {
  tag: {
    name: 'Following',
    description: 'Follow public profiles and read their picks: pending ones first, then results.',
  },
  schemas: {
    FollowState: jsonSchema(followStateSchema, 'output'),
    FeedPage: jsonSchema(feedPageSchema, 'output'),
    FollowStates: jsonSchema(followStatesSchema, 'output'),
  },
  paths: {
    '/api/profiles/{username}/follow': {
      get: {
        operationId: 'getFollowState',
        summary: 'Whether you follow a profile, and its follower count',
        security: signedIn,
        parameters: [username],
        responses: {
          '200': response('Whether you follow the profile, and its follower count', ref('FollowState')),
          '401': errors.notAuthenticated,
          '404': noProfile,
        },
      },
      post: followOperation('followProfile', 'Follow a public profile', {
        '409': apiError(`You already follow the most allowed: ${says(FOLLOWING_LIMIT_MESSAGE)}`),
        '422': apiError(`It is your own profile: ${says(CANNOT_FOLLOW_SELF_MESSAGE)}`),
      }),
      delete: followOperation('unfollowProfile', 'Stop following a profile (whatever its visibility now)', {}),
    },
    '/api/follows/state': {
      get: {
        operationId: 'getFollowStates',
        summary: 'Which of these profiles you follow, in one request (a page of a list of bettors)',
        description: 'Only public profiles count as followed; a username that is not one is simply not listed.',
        security: signedIn,
        parameters: queryParameters(followStatesQuerySchema, {
          usernames: `Comma-separated usernames, at most ${FOLLOW_STATES_MAX}.`,
        }),
        responses: {
          '200': response('The usernames asked about that you follow', ref('FollowStates')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
        },
      },
    },
    '/api/feed': {
      get: {
        operationId: 'getFeed',
        summary: "The followed bettors' picks: pending ones by event start, then settled ones newest first",
        description:
          'Only bettors whose profile is public when the feed is read: a profile that turns private leaves it at once.',
        security: signedIn,
        parameters: queryParameters(feedQuerySchema, {
          sport: 'Only picks of this sport (`parlay` for parlays).',
          bettor: "Only this followed bettor's picks (their username).",
          limit: `How many picks, at most ${FEED_PAGE_MAX}.`,
          cursor: "The previous page's `nextCursor`.",
        }),
        responses: {
          '200': response('A page of picks and the bettors followed', ref('FeedPage')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
        },
      },
    },
  },
};

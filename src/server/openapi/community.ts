/** /api/community (modules/community/routes.ts): public, read-only, only about public profiles. */
import {
  SPOTLIGHT_MIN_SETTLED_BETS,
  influencerPageSchema,
  influencersQuerySchema,
  spotlightPageSchema,
  spotlightQuerySchema,
} from '../../shared/community.ts';
import { errors, jsonSchema, queryParameters, ref, response, type ApiModule } from './common.ts';

export const communityModule: ApiModule = {
  tag: {
    name: 'Community',
    description: 'The Spotlight leaderboard and the Influencers directory, computed from public profiles only.',
  },
  schemas: {
    SpotlightPage: jsonSchema(spotlightPageSchema, 'output'),
    InfluencerPage: jsonSchema(influencerPageSchema, 'output'),
  },
  paths: {
    '/api/community/spotlight': {
      get: {
        operationId: 'getSpotlight',
        summary: 'The best bettors over a rolling period, ranked',
        description:
          `Only bettors with at least ${SPOTLIGHT_MIN_SETTLED_BETS} bets settled within the period are ranked; ` +
          'the period is a rolling window ending at the server clock.',
        parameters: queryParameters(spotlightQuerySchema, { offset: 'The previous page’s `nextOffset`.' }),
        responses: {
          '200': response('A page of ranked entries', ref('SpotlightPage')),
          '422': errors.invalid,
        },
      },
    },
    '/api/community/influencers': {
      get: {
        operationId: 'listInfluencers',
        summary: 'Bettors with a public record, searched, filtered by sport and sorted as chosen',
        parameters: queryParameters(influencersQuerySchema, {
          search: 'Part of the display name or username, any case; blank means no search.',
          offset: 'The previous page’s `nextOffset`.',
        }),
        responses: {
          '200': response('A page of bettors and how many match', ref('InfluencerPage')),
          '422': errors.invalid,
        },
      },
    },
  },
};

/** /api/community (modules/community/routes.ts): public, read-only, only about public profiles. */
import { RANK_MIN_EVENTS } from '../../shared/community.ts';
import { SITE_COUNTS_MAX_AGE_SECONDS } from '../../shared/site-counts.ts';
import {
  influencerAnswerSchema,
  influencersQuerySchema,
  siteCountsSchema,
  spotlightAnswerSchema,
  spotlightQuerySchema,
} from '../../shared/community-schemas.ts';
import { jsonSchema, pageAnswers, queryParameters, ref, response, type ApiModule } from './common.ts';

export const communityModule: ApiModule = {
  tag: {
    name: 'Community',
    description: 'The Spotlight leaderboard and the Influencers directory, computed from public profiles only.',
  },
  schemas: {
    SpotlightPage: jsonSchema(spotlightAnswerSchema, 'output'),
    InfluencerPage: jsonSchema(influencerAnswerSchema, 'output'),
    SiteCounts: jsonSchema(siteCountsSchema, 'output'),
  },
  paths: {
    '/api/community/counts': {
      get: {
        operationId: 'getSiteCounts',
        summary: 'How many bettors have a public record, how many bets and ledger entries the site holds',
        description:
          'Counted by the database from its per-user summaries; the same answer for everyone, counted again at ' +
          `most every ${SITE_COUNTS_MAX_AGE_SECONDS} seconds (and cacheable as long).`,
        responses: { '200': response('The counts and when they were made', ref('SiteCounts')) },
      },
    },
    '/api/community/spotlight': {
      get: {
        operationId: 'getSpotlight',
        summary: 'The best bettors over a rolling period, ranked',
        description:
          'Ranked by luck-adjusted yield (`luckAdjustedYield`, then more positions; docs/decisions/038) of graded ' +
          'positions (one per account, event and market) won or lost at odds of 1.20 or more, among bettors with ' +
          `such positions on at least ${RANK_MIN_EVENTS} distinct events that started within the period (UTC days ` +
          'ending today). Every bettor who meets the minimum is ranked, a negative score included.',
        parameters: queryParameters(spotlightQuerySchema, { offset: 'The previous page’s `nextOffset`.' }),
        responses: pageAnswers('A page of ranked entries', 'SpotlightPage'),
      },
    },
    '/api/community/influencers': {
      get: {
        operationId: 'listInfluencers',
        summary: 'Bettors with a public record, searched, filtered by sport and sorted as chosen',
        description:
          "Each bettor's `rank` is their place in the all-time ranking (luck-adjusted yield of graded positions, " +
          `positions on at least ${RANK_MIN_EVENTS} distinct events), whatever the sort and filters; every sort and ` +
          'filter lists the ranked first; `sort=rank` (the default) lists in ranking order, then those not ranked yet.',
        parameters: queryParameters(influencersQuerySchema, {
          search: 'Part of the display name or username, any case; blank means no search.',
          offset: 'The previous page’s `nextOffset`.',
        }),
        responses: pageAnswers('A page of bettors and how many match', 'InfluencerPage'),
      },
    },
  },
};

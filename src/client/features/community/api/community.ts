import { useInfiniteQuery } from '@tanstack/react-query';
import {
  INFLUENCERS_PAGE_DEFAULT,
  SPOTLIGHT_PAGE_DEFAULT,
  type InfluencerSort,
  type InfluencerSportFilter,
  type SpotlightPeriod,
} from '../../../../shared/community.ts';
import { api, unwrap } from '../../../lib/api.ts';

export const communityKeys = {
  all: ['community'] as const,
  spotlight: (period: SpotlightPeriod) => ['community', 'spotlight', period] as const,
  influencers: (filters: InfluencerFilters) => ['community', 'influencers', filters] as const,
};

/** One period's leaderboard, a page at a time ('Show more' asks for the next). */
export function useSpotlight(period: SpotlightPeriod) {
  return useInfiniteQuery({
    queryKey: communityKeys.spotlight(period),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.api.community.spotlight.$get({
          query: { period, limit: String(SPOTLIGHT_PAGE_DEFAULT), offset: String(pageParam) },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });
}

export interface InfluencerFilters {
  search: string;
  sport: InfluencerSportFilter;
  sort: InfluencerSort;
}

/** The directory for a search, sport and sort, a page at a time ('Load more'). */
export function useInfluencers(filters: InfluencerFilters) {
  return useInfiniteQuery({
    queryKey: communityKeys.influencers(filters),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.api.community.influencers.$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            sport: filters.sport,
            sort: filters.sort,
            limit: String(INFLUENCERS_PAGE_DEFAULT),
            offset: String(pageParam),
          },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset,
  });
}

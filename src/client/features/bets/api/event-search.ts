/** The record dialog's search of the events catalog (GET /api/events) as the bettor types. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api.ts';
import { useSettled } from '../../../lib/use-settled.ts';

/** Events shown for one search: enough to pick from, few enough to read in a dialog. */
const RESULTS_SHOWN = 8;
/** Typing settles this long before the catalog is asked (one request per pause, not per key). */
const SEARCH_PAUSE_MS = 250;

/** The catalog's upcoming events matching `q` (all upcoming ones, soonest first, when it is empty). */
export function useEventSearch(q: string, enabled: boolean) {
  const query = useSettled(q.trim(), SEARCH_PAUSE_MS);
  return useQuery({
    enabled,
    queryKey: ['events', 'search', query],
    queryFn: () =>
      unwrap(
        api.api.events.$get({
          query: query ? { q: query, limit: String(RESULTS_SHOWN) } : { limit: String(RESULTS_SHOWN) },
        }),
      ),
    staleTime: 30_000,
  });
}

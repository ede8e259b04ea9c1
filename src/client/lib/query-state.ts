import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { parseSession } from './session-json.ts';
import { SESSION_QUERY_KEY } from './query-client.ts';

/**
 * Fills the query cache with the answers the server's render used (a public profile's, a signed-in
 * page's session; see src/client/ssr/render.tsx), so the first render shows the same. Loaded only by the pages that
 * carry them (start.tsx): the others' first JavaScript does not grow by it.
 */
export function restoreQueryState(queryClient: QueryClient, json: string) {
  const state = JSON.parse(json) as DehydratedState;
  hydrate(queryClient, state);
  // JSON carried the session's dates as strings: revived as the session lookup's own are.
  const session = queryClient.getQueryData(SESSION_QUERY_KEY);
  if (session) queryClient.setQueryData(SESSION_QUERY_KEY, parseSession(JSON.stringify(session)));
  // Rendered for a visitor with no session cookie (the session known to be none): the server's
  // answer is the one this browser gets, and asking again would only flash the loading state
  // (a query with no data goes back to pending while it fetches) and move the page.
  if (queryClient.getQueryData(SESSION_QUERY_KEY) !== null) askFailedAgainOnceMounted(queryClient, state);
}

/**
 * A query the server's render found failed (the profile of a 404 page) shows that failure on the
 * first render, as the server did, rather than a loading state; once its page has mounted it is
 * asked again with this browser's session (the owner of a private profile sees it), when it has one.
 * Asked aside, not refetched in place: a query with no data goes back to pending while it fetches,
 * which would show "Loading" where "not found" stood. Only an answer replaces the failure.
 */
function askFailedAgainOnceMounted(queryClient: QueryClient, state: DehydratedState) {
  const failed = new Set(state.queries.filter((q) => q.state.status === 'error').map((q) => q.queryHash));
  for (const query of state.queries)
    if (failed.has(query.queryHash)) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !failed.delete(event.query.queryHash)) return;
    const { queryKey, queryFn } = event.query.options;
    if (typeof queryFn === 'function')
      void queryClient
        .fetchQuery({ queryKey: ['asked again', ...queryKey], queryFn, retry: false, gcTime: 0 })
        .then((data) => queryClient.setQueryData(queryKey, data))
        .catch(() => undefined);
    if (failed.size === 0) stop();
  });
}

// First: zod must know it may not eval before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProviders } from './app-providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createRouter } from './router.tsx';
import { HYDRATE_ATTRIBUTE, QUERY_STATE_ELEMENT_ID } from '../shared/page-rendering.ts';
import './styles.css';

const queryClient = createQueryClient();
// The answers the server's render used (a public profile's), so this first render shows the same.
const queryState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (queryState) {
  const state = JSON.parse(queryState) as DehydratedState;
  hydrate(queryClient, state);
  askFailedAgainOnceMounted(state);
}

/**
 * A query the server's render found failed (the profile of a 404 page) shows that failure on the
 * first render, as the server did, rather than a loading state; once its page has mounted it is
 * asked again with this browser's session (the owner of a private profile sees it).
 */
function askFailedAgainOnceMounted(state: DehydratedState) {
  const failed = new Set(state.queries.filter((q) => q.state.status === 'error').map((q) => q.queryHash));
  for (const query of state.queries)
    if (failed.has(query.queryHash)) queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !failed.delete(event.query.queryHash)) return;
    queryClient.setQueryDefaults(event.query.queryKey, { retryOnMount: true });
    void queryClient.refetchQueries({ queryKey: event.query.queryKey, exact: true });
    if (failed.size === 0) stop();
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = await createRouter();
const app = (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);

if (root.hasAttribute(HYDRATE_ATTRIBUTE)) {
  // The server rendered this very page: React takes over its HTML (no repaint, no layout shift).
  hydrateRoot(root, app);
} else {
  // Rendered here (a page the server answers with its not-found HTML, or the dev server's shell).
  const reactRoot = createRoot(root);
  // A transition renders the first screen in slices that yield to the browser every few ms,
  // instead of one long task (Lighthouse's Total Blocking Time, and input on a slow phone).
  startTransition(() => reactRoot.render(app));
}

/**
 * The server's entry to the client's own component tree (built by scripts/build-server.mjs with
 * Vite's SSR build into dist/ssr/render.js). React Router's static handler matches the URL and
 * loads the matched routes' lazy modules, React renders the tree to HTML once every suspended
 * part has resolved, and the query cache the render used is handed back to be dehydrated into
 * the page, so the browser's first render (start.tsx) is the same tree with the same data.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  fillDocument,
  PRERENDERED_PAGES,
  type RenderData,
  type RenderModule,
  type Rendered,
} from '../../shared/page-rendering.ts';
import {
  DASHBOARD_FIRST_DATA,
  PROFILE_FIRST_DATA,
  type FirstAnswers,
  type FirstDataOf,
} from '../../shared/first-data.ts';
import { AppProviders } from '../app-providers.tsx';
import { ApiError } from '../lib/api-error.ts';
import { parseSession } from '../lib/session-json.ts';
import { createQueryClient, SESSION_QUERY_KEY } from '../lib/query-client.ts';
import { RequestPreferences } from '../lib/preference-cookies.tsx';
import { setServerOrigin } from '../lib/site-origin.ts';
import { PageMetaCollector, type PageMeta } from '../lib/use-document-title.ts';
import { routes } from '../route-table.tsx';

const handler = createStaticHandler(routes);

/**
 * Each of a page's first answers (shared/first-data.ts) in the cache under its query's key, as the
 * page's own query would hold it (a list: its first page): the page renders with them, and the
 * hydrated page asks none of them again.
 */
function seedFirstData<Param, Page extends FirstAnswers<Param>>(
  queryClient: QueryClient,
  page: Page,
  param: Param,
  data: FirstDataOf<Page>,
) {
  for (const [name, entry] of Object.entries(page)) {
    const answer = (data as Record<string, unknown>)[name];
    queryClient.setQueryData(entry.key(param), entry.list ? { pages: [answer], pageParams: [null] } : answer);
  }
}

/** Renders `url` (a path with its query string) as the browser would show it before any fetch. */
export const renderApp: RenderModule['renderApp'] = async (url: string, data: RenderData = {}): Promise<Rendered> => {
  if (data.origin) setServerOrigin(data.origin);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  // No route has a loader or action, so the handler never answers a redirect of its own.
  if (context instanceof Response) throw new Error(`static handler answered ${context.status} for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  // A signed-in page's session, as the browser's lookup would have it (dates revived).
  if (data.session) queryClient.setQueryData(SESSION_QUERY_KEY, parseSession(JSON.stringify(data.session)));
  else if (data.signedOut) queryClient.setQueryData(SESSION_QUERY_KEY, null);
  if (data.session && data.dashboard)
    seedFirstData(queryClient, DASHBOARD_FIRST_DATA, data.session.user.id, data.dashboard);
  if (data.profile) seedFirstData(queryClient, PROFILE_FIRST_DATA, data.profile.profile.username, data.profile);
  if (data.missingProfile) {
    // The answer the page's own query would get: it shows "Profile Not Found" (not asked again on
    // mount, which would render the loading state; start.tsx asks once the page is hydrated).
    const queryKey = PROFILE_FIRST_DATA.profile.key(data.missingProfile);
    queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    await queryClient.prefetchQuery({
      queryKey,
      queryFn: () => Promise.reject(new ApiError(404, 'Profile not found')),
      retry: false,
    });
  }
  const meta: PageMeta = {};
  const { prelude } = await prerender(
    <PageMetaCollector.Provider value={(asked) => Object.assign(meta, asked)}>
      <RequestPreferences.Provider value={data.preferences ?? {}}>
        <AppProviders queryClient={queryClient}>
          {/* No inline hydration script (the CSP allows none): there is no loader data to carry. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </RequestPreferences.Provider>
    </PageMetaCollector.Provider>,
    // Every boundary written in place, in order: no inline script moves outlined parts into
    // place (the CSP runs none), and the page reads top to bottom without JavaScript.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const appHtml = await new Response(prelude).text();
  // Failed queries too: the browser's first render must show the same "not found".
  const queryState =
    data.profile || data.missingProfile || data.session || data.signedOut
      ? dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' })
      : undefined;
  queryClient.clear();
  return { appHtml, queryState, meta };
};

/**
 * Every page of PRERENDERED_PAGES as a whole document, from `template` (the built index.html): what
 * the build writes to dist/prerendered/ (scripts/build-server.mjs).
 */
export async function prerenderPages(template: string): Promise<{ url: string; file: string; html: string }[]> {
  const pages = [];
  for (const { url, file } of PRERENDERED_PAGES) {
    const { appHtml, meta } = await renderApp(url);
    pages.push({ url, file, html: fillDocument(template, { appHtml, hydrate: true, meta }) });
  }
  return pages;
}

import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './route-table.tsx';
import { HYDRATE_ATTRIBUTE } from '../shared/page-rendering.ts';

/**
 * The browser's router, made once the page's own route modules are loaded: its first render is
 * then the page itself, never the pathless route's HydrateFallback, so it matches the HTML the
 * server sent (src/client/ssr/render.tsx, whose static handler loads the same modules).
 */
export async function createRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  // A page the server rendered is where the browser put it (scrolled by the visitor, or to its
  // #fragment): hydration data (empty: no route has a loader) tells the router its first location
  // is already shown, so its ScrollRestoration leaves the scroll alone instead of jumping to the
  // top under a visitor's pointer as the app takes over (docs/decisions/030).
  const rendered = document.getElementById('root')?.hasAttribute(HYDRATE_ATTRIBUTE) ?? false;
  return createBrowserRouter(routes, rendered ? { hydrationData: { loaderData: {} } } : undefined);
}

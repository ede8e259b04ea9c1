import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './route-table.tsx';

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
  return createBrowserRouter(routes);
}

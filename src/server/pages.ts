/**
 * What the server answers for a page address (issue 17, "true statuses"). The client is one
 * index.html for every page, but the status is decided here so that search engines and people see
 * the truth: a page of the route table or a public profile is a 200; anything else is a 404 with
 * the same index.html, whose router then shows its not-found page. Old and alternative addresses
 * redirect. Asset and public-folder files never reach this (app.ts serves them first).
 */
import { paths, signUpPath } from '../shared/routes.ts';
import { usernameFromPath, type ProfilePage } from './modules/profiles/og.ts';

export type PageAnswer =
  | { status: 200 | 404 | 503; html: string }
  /** 301 for addresses that moved for good; 302 for a renamed username, which lasts 30 days. */
  | { status: 301 | 302; location: string };

/** The route table's pages (src/client/route-table.tsx; src/client/route-table.test.ts keeps the two equal). */
const CLIENT_PAGES: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * The path as the client's router matches it: case-insensitive, one trailing slash ignored
 * (React Router's defaults).
 */
const routerPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase();

/** Addresses people guess or old links use, moved for good to the page they mean. */
function movedFor(path: string, search: string): string | null {
  if (path === '/login') return `${paths.auth}${search}`;
  if (path === '/signup') {
    const params = new URLSearchParams(search);
    params.delete('mode');
    const rest = params.toString();
    return rest ? `${signUpPath}&${rest}` : signUpPath;
  }
  const handle = /^\/@([^/]+)$/.exec(path)?.[1];
  if (handle) return `/${handle}${search}`;
  return null;
}

export function createPageResolver(deps: {
  profilePage: (name: string, indexHtml: string, now: Date) => Promise<ProfilePage>;
  now: () => Date;
  onError: (path: string, err: unknown) => void;
}) {
  return async function resolvePage(url: URL, indexHtml: string): Promise<PageAnswer> {
    const path = routerPath(url.pathname);
    const moved = movedFor(path, url.search);
    if (moved) return { status: 301, location: moved };
    if (CLIENT_PAGES.has(path)) return { status: 200, html: indexHtml };
    const name = usernameFromPath(path);
    if (!name) return { status: 404, html: indexHtml };
    try {
      // The request's time, read now: the 30 days of a rename end on the clock, not at a restart.
      const page = await deps.profilePage(name, indexHtml, deps.now());
      if (page.kind === 'profile') return { status: 200, html: page.html };
      if (page.kind === 'renamed') return { status: 302, location: `/${page.username}${url.search}` };
      return { status: 404, html: indexHtml };
    } catch (err) {
      // The database is down: whether this is a profile is unknown, so neither 200 nor 404.
      deps.onError(path, err);
      return { status: 503, html: indexHtml };
    }
  };
}

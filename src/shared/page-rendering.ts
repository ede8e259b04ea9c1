/**
 * What the server and the browser agree on about rendered pages (docs/ARCHITECTURE.md, Rendering): which
 * pages are prerendered, how the rendered HTML and the query cache travel in the document, and
 * the render module's shape (src/client/ssr/render.tsx, built to dist/ssr/render.js), which the
 * server loads without importing client code.
 */
import type { DashboardData, ProfileData } from './first-data.ts';
import type { PreferenceCookies } from './preference-cookies.ts';

/**
 * The pages rendered to HTML at build time (scripts/build-server.mjs writes each to
 * dist/prerendered/<file>), which the server sends as they are for that exact address. They show
 * nobody's data: signed-in pages are their layout with the loading state the session lookup shows
 * first (what a visitor with no session gets; see SIGNED_IN_PAGES). Any other address is rendered
 * per request (src/server/pages/page-answers.ts).
 */
export const PRERENDERED_PAGES: readonly { url: string; file: string }[] = [
  { url: '/', file: 'index.html' },
  // The demo is the landing page's own state (`?demo=1`, see routes/landing.tsx).
  { url: '/?demo=1', file: 'demo.html' },
  { url: '/auth', file: 'auth.html' },
  { url: '/auth?mode=signup', file: 'auth-signup.html' },
  { url: '/about', file: 'about.html' },
  { url: '/contact', file: 'contact.html' },
  { url: '/follow', file: 'follow.html' },
  { url: '/terms', file: 'terms.html' },
  { url: '/privacy', file: 'privacy.html' },
  { url: '/cookies', file: 'cookies.html' },
  { url: '/advertise', file: 'advertise.html' },
  { url: '/influencers', file: 'influencers.html' },
  { url: '/spotlight', file: 'spotlight.html' },
  { url: '/help', file: 'help.html' },
  { url: '/dashboard', file: 'dashboard.html' },
  { url: '/profile', file: 'profile.html' },
  { url: '/admin', file: 'admin.html' },
];

/**
 * Who is signed in, as GET /api/auth/get-session answers (JSON, dates as ISO strings), less the
 * session's token: a signed-in page is rendered with it (SIGNED_IN_PAGES).
 */
export interface PageSession {
  user: { id: string } & Record<string, unknown>;
  session: Record<string, unknown>;
}

/**
 * The signed-in pages (behind the client's RequireAuth). With a session, the server renders them
 * per request with it (the header's menu, the greeting and the page's layout, its data still to
 * come, in skeletons); without one, they are the prerendered page that sends the visitor to /auth.
 */
export const SIGNED_IN_PAGES: ReadonlySet<string> = new Set(['/dashboard', '/profile', '/admin']);

/** What a page is rendered with, beyond its address. */
export interface RenderData {
  /** A signed-in page's session (SIGNED_IN_PAGES). */
  session?: PageSession;
  /** The dashboard's first data (shared/first-data.ts), for its reader (with `session`). */
  dashboard?: DashboardData;
  /** A public profile's page, with its first data (shared/first-data.ts). */
  profile?: ProfileData;
  /** The username of a profile page that has none to show (a 404): it renders "Profile Not Found". */
  missingProfile?: string;
  /**
   * The request carried no session cookie: the page renders signed out (the header's Sign In and
   * Sign Up), as the browser's own session lookup will find once the page is hydrated. That answer
   * then changes nothing, so nothing renders again: an answer that did (from "not known yet") would
   * make React finish hydrating the page in one long task.
   */
  signedOut?: boolean;
  /** The site's public origin (BASE_URL), for the addresses a page shows in full. */
  origin?: string;
  /**
   * The request's preference cookies (shared/preference-cookies.ts: a skipped prompt, the cookie
   * choice), so the page renders as the browser that sent them will show it.
   */
  preferences?: PreferenceCookies;
}

export interface Rendered {
  appHtml: string;
  /** The tab title and description the page asked for as it rendered (usePageMeta). */
  meta?: { title?: string; description?: string };
  /** The query cache the render used (TanStack Query's dehydrated state), when it used one. */
  queryState?: unknown;
}

/** dist/ssr/render.js, as the server uses it. */
export interface RenderModule {
  renderApp: (url: string, data?: RenderData) => Promise<Rendered>;
  /** Every page of PRERENDERED_PAGES as a whole document made from `template` (the built index.html). */
  prerenderPages: (template: string) => Promise<{ url: string; file: string; html: string }[]>;
}

/**
 * Where the server puts its runtime contact details (shared/site-contact.ts) for its render module
 * to read, before it loads it: pages read them as the module loads, and in the browser from the
 * page's JSON script, so both renders show the same details.
 */
export const SITE_CONTACT_GLOBAL = '__betproofSiteContact';

/** The `<script type="application/json">` holding the query cache (not executed: the CSP allows it). */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

/** Set on #root when its content is the server's render of this very address, to hydrate. */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';

/** JSON that can neither end its <script> element early nor open a comment in it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html with the app's markup in #root (to hydrate or not) and, if any, the query cache.
 * Replacement callbacks, never strings: markup holding "$&" stays literal.
 */
export function fillDocument(
  template: string,
  {
    appHtml,
    hydrate,
    queryState,
    meta,
  }: { appHtml: string; hydrate: boolean; queryState?: unknown; meta?: Rendered['meta'] },
): string {
  const root = `<div id="root"${hydrate ? ` ${HYDRATE_ATTRIBUTE}` : ''}>${appHtml}</div>`;
  const state =
    queryState === undefined
      ? ''
      : `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptSafeJson(queryState)}</script>`;
  // The cache after the page: the first bytes the browser parses (and may paint before the rest
  // arrives) are its content, not kilobytes of JSON only the app reads once it runs (on the
  // dashboard, the greeting came a paint later than the header: Lighthouse's LCP 0.4 s after FCP).
  let html = template.replace('<div id="root"></div>', () => `${root}${state}`);
  // The page's own title and description, so a crawler or a link preview reads what a person sees.
  if (meta?.title) html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(meta.title!)}</title>`);
  if (meta?.description)
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/i,
      () => `<meta name="description" content="${escapeHtml(meta.description!)}" />`,
    );
  return html;
}

/** Text for an HTML attribute value or element content: & < > " ' escaped. */
export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

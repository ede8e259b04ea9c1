/**
 * What the server answers for a page address (true statuses, and HTML first: docs/ARCHITECTURE.md, Rendering). The
 * status is decided here so that search engines and people see the truth: a page of the route
 * table or a public profile is a 200; anything else is a 404 with the not-found page. Old and
 * alternative addresses redirect. Asset and public-folder files never reach this (app.ts serves
 * them first).
 *
 * The HTML is the client's own render (`render`, see app.ts): a page prerendered at build time as
 * it is, a public profile rendered with its data (and its preview tags from that same data), a
 * not-found page rendered for its address. Without the build's render module (dev, some tests)
 * every page is the plain index.html, which the browser renders alone.
 */
import { paths, signUpPath } from '../../shared/routes.ts';
import { SIGNED_IN_PAGES, type PageSession, type RenderData } from '../../shared/page-rendering.ts';
import { DASHBOARD_DATA_PAGES, type DashboardData, type ProfileData } from '../../shared/first-data.ts';
import { preferenceCookiesOf } from '../../shared/preference-cookies.ts';
import { oddsFormatOf, type OddsFormat } from '../../shared/odds.ts';
import { createHash } from 'node:crypto';
import { coalescing } from '../lib/coalesce.ts';
import { carriesSessionCookie } from '../edge/http.ts';
import { RecordCache } from '../lib/record-cache.ts';
import { injectProfileMeta, profileMetaOf, usernameFromPath, type ProfilePage } from '../modules/profiles/og.ts';

export type PageAnswer =
  /**
   * `personal`: the page depends on who asks (a signed-in page): never stored, and it varies by
   * cookie. `variesByCookie`: the same for everyone, but signed out without a session cookie.
   * `etag`: the page is kept until what it shows changes (a public profile's); any cache may keep
   * it, asking again each time (a 304 while the tag stands).
   */
  | { status: 200 | 404 | 503; html: string; personal?: boolean; variesByCookie?: boolean; etag?: string }
  /** The page the request's If-None-Match names is still the page. */
  | { status: 304; etag: string; variesByCookie?: boolean }
  /** 301 for addresses that moved for good; 302 for a renamed username, which lasts 30 days. */
  | { status: 301 | 302; location: string };

/** Whether an If-None-Match header names `etag` (compared weakly, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The route table's pages (src/client/route-table.tsx; src/client/route-table.test.ts keeps the two equal). */
const CLIENT_PAGES: ReadonlySet<string> = new Set(Object.values(paths));

/**
 * The path as the client's router matches it: case-insensitive, one trailing slash ignored
 * (React Router's defaults).
 */
const routerPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase();

/** A one-segment address's segment as the page shows it (decoded when it can be). */
function segmentOf(pathname: string): string {
  const segment = pathname.replace(/^\/|\/$/g, '');
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

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

/**
 * The answer for an address that needs no database: a move, or a page of the route table that
 * shows no one's data (a signed-in page asked for with no session cookie is its signed-out
 * skeleton). null: it needs the database (a profile, the not-found check, someone's own page), and
 * resolvePage answers it. The server answers these while it starts, before its database is open
 * (site.ts), as it does after.
 */
export async function answerWithoutData(
  url: URL,
  headers: Headers,
  render: (url: URL, data?: RenderData) => Promise<string>,
): Promise<PageAnswer | null> {
  const path = routerPath(url.pathname);
  const moved = movedFor(path, url.search);
  if (moved) return { status: 301, location: moved };
  if (SIGNED_IN_PAGES.has(path))
    return carriesSessionCookie(headers.get('cookie'))
      ? null
      : { status: 200, html: await render(url), personal: true };
  // With a session cookie, a page shows its reader's header: resolvePage renders it with the session.
  if (CLIENT_PAGES.has(path) && !carriesSessionCookie(headers.get('cookie'))) return publicPage(url, headers, render);
  return null;
}

/**
 * A page of the route table that shows no one's data, for `session` (its header's menu) or for a
 * visitor without one: the prerendered page, or rendered with the saved cookie choice on /cookies,
 * which the browser sends as a cookie (docs/decisions/031). Varies by cookie: the page is another
 * one for a reader with a session.
 */
async function publicPage(
  url: URL,
  headers: Headers,
  render: (url: URL, data?: RenderData) => Promise<string>,
  session?: PageSession,
): Promise<PageAnswer> {
  const preferences = preferenceCookiesOf(headers.get('cookie'));
  const withChoice = routerPath(url.pathname) === paths.cookies && preferences.cookieChoice;
  if (session)
    return {
      status: 200,
      html: await render(url, withChoice ? { session, preferences } : { session }),
      personal: true,
    };
  const html = withChoice ? await render(url, { preferences }) : await render(url);
  return { status: 200, html, variesByCookie: true };
}

export function createPageResolver(deps: {
  profilePage: (name: string, now: Date) => Promise<ProfilePage>;
  /** A public profile's current username and the version of its page (page-version.ts); null when `name` is none. */
  profileVersion: (name: string, now: Date) => Promise<{ username: string; version: string } | null>;
  /** The profile's first answers, as its page's queries get them; null when it has none (it went private meanwhile). */
  profileData: (username: string) => Promise<ProfileData | null>;
  /** The session of the request's cookie, for a signed-in page; null when none. */
  sessionOf: (headers: Headers) => Promise<PageSession | null>;
  /** The dashboard's first answers for the request's session (its user `userId`), as its queries get them; null when refused. */
  dashboardData: (headers: Headers, userId: string) => Promise<DashboardData | null>;
  /** The document for an address (prerendered or rendered now), or index.html when there is no render. */
  render: (url: URL, data?: RenderData) => Promise<string>;
  baseUrl: string;
  now: () => Date;
  onError: (path: string, err: unknown) => void;
}) {
  /** The not-found page; for a profile address, the profile page's own "Profile Not Found". */
  const notFound = async (
    url: URL,
    profileAddress: boolean,
    signedOut = false,
  ): Promise<Extract<PageAnswer, { html: string }>> => ({
    status: 404,
    html: await deps.render(url, profileAddress ? { missingProfile: segmentOf(url.pathname), signedOut } : {}),
  });

  /** A signed-in page: with the request's session, rendered for it; without, the prerendered page. */
  const signedInPage = async (url: URL, path: string, headers: Headers, indexHtml: string): Promise<PageAnswer> => {
    let data: RenderData = {};
    try {
      const session = await deps.sessionOf(headers);
      // The dashboard comes with its figures and first bets, the own profile with the profile and
      // the same first bets: each arrives whole, nothing moves as it is hydrated.
      const withData = DASHBOARD_DATA_PAGES.includes(path);
      const dashboard = session && withData ? await deps.dashboardData(headers, session.user.id) : null;
      // The reader's preference cookies too: the dashboard's username prompt, skipped or not.
      const preferences = preferenceCookiesOf(headers.get('cookie'));
      if (session) data = dashboard ? { session, dashboard, preferences } : { session, preferences };
    } catch (err) {
      // The database is down: the browser's own session lookup will say so (and retry).
      deps.onError(url.pathname, err);
      return { status: 503, html: indexHtml, personal: true };
    }
    return { status: 200, html: await deps.render(url, data), personal: true };
  };

  /**
   * A public profile's page, kept by this server under the version of what it shows
   * (page-version.ts: read for every request, one query of the profile and one of its bets'
   * version) and per variant: a request with no session cookie gets the page signed out, one with
   * a cookie whose session is unknown the page whose header waits for the browser's session lookup
   * (a signed-in reader's page is rendered for them: profileAnswer's `reader`). Its ETag comes from the
   * build, the variant and the version, so every server gives the same tag for the same page (and
   * a 304 to a matching If-None-Match: resolvePage). Rendered at the profile's
   * own address: the query string (`?v=1`, a tracker's tag) changes nothing on the page, so it
   * neither splits nor refreshes what is kept.
   */
  const keptProfiles = new RecordCache({ maxBytes: 32 * 1024 * 1024, maxEntryBytes: 1024 * 1024 });
  let build: { indexHtml: string; tag: string } | null = null;
  const buildTag = (indexHtml: string) => {
    if (build?.indexHtml !== indexHtml)
      build = { indexHtml, tag: createHash('sha256').update(indexHtml).digest('base64url') };
    return build.tag;
  };
  const etagOf = (indexHtml: string, variant: string, version: string) =>
    `W/"${createHash('sha256')
      .update(`${buildTag(indexHtml)} ${variant} ${version}`)
      .digest('base64url')
      .slice(0, 27)}"`;

  /**
   * A profile address's answer (its query string aside: a renamed profile's redirect gets it back
   * in resolvePage): the same for every visitor of a variant, so concurrent requests for it share
   * one lookup and, past the kept page, one render (coalesce.ts), each begun after every request it
   * answers arrived. A render is ~15 ms of CPU: a popular profile's link shared at once would
   * otherwise queue one per visitor.
   */
  const sharedProfileAnswer = coalescing<PageAnswer>();
  /**
   * `reader`: a signed-in reader's session. Their page is rendered for them (their header, as on
   * every page with a session: docs/decisions/031), never kept nor tagged: the kept pages are the
   * signed-out visitor's and, while a cookie's session is unknown, the page whose header waits.
   */
  const profileAnswer = async (
    url: URL,
    name: string,
    path: string,
    indexHtml: string,
    variant: 'signed out' | 'cookie',
    oddsFormat: OddsFormat,
    reader?: PageSession,
  ): Promise<PageAnswer> => {
    const signedOut = variant === 'signed out';
    // The page writes odds in the reader's format (a preference cookie): one kept page per format.
    const kind = oddsFormat === 'decimal' ? variant : `${variant} ${oddsFormat}`;
    const address = new URL(url.pathname, url);
    let current: { username: string; version: string } | null;
    let page: ProfilePage = { kind: 'none' };
    let data: ProfileData | null = null;
    try {
      // The request's time, read now: the 30 days of a rename end on the clock, not at a restart.
      current = await deps.profileVersion(name, deps.now());
      if (current) {
        const kept = reader ? undefined : keptProfiles.get<PageAnswer>(kind, current.username, current.version);
        if (kept) return kept;
        data = await deps.profileData(current.username);
      } else page = await deps.profilePage(name, deps.now());
    } catch (err) {
      // The database is down: whether this is a profile is unknown, so neither 200 nor 404.
      deps.onError(path, err);
      return { status: 503, html: indexHtml, variesByCookie: true };
    }
    if (page.kind === 'renamed') return { status: 302, location: `/${page.username}` };
    if (!current || !data) return { ...(await notFound(address, true, signedOut)), variesByCookie: true };
    const html = await deps.render(new URL(`/${current.username}`, url), {
      profile: data,
      ...(reader ? { session: reader } : { signedOut }),
      ...(oddsFormat !== 'decimal' && { preferences: { oddsFormat } }),
    });
    // The preview tags from the very answer the page shows.
    const withMeta = injectProfileMeta(html, profileMetaOf(data.profile, deps.baseUrl)) ?? html;
    if (reader) return { status: 200, html: withMeta, personal: true };
    const answer: PageAnswer = {
      status: 200,
      html: withMeta,
      etag: etagOf(indexHtml, kind, current.version),
      variesByCookie: true,
    };
    keptProfiles.set(kind, current.username, current.version, answer, answer.html.length * 2);
    return answer;
  };

  return async function resolvePage(url: URL, indexHtml: string, headers: Headers): Promise<PageAnswer> {
    const withoutData = await answerWithoutData(url, headers, deps.render);
    if (withoutData) return withoutData;
    const path = routerPath(url.pathname);
    if (SIGNED_IN_PAGES.has(path)) return signedInPage(url, path, headers, indexHtml);
    if (CLIENT_PAGES.has(path)) {
      // A session cookie: the page rendered with its reader's header, so hydrating changes nothing.
      // The session unknown (none, or the database down): the page as a visitor gets it, whose
      // header the browser's lookup fills.
      const session = await deps.sessionOf(headers).catch((err: unknown) => {
        deps.onError(url.pathname, err);
        return null;
      });
      return publicPage(url, headers, deps.render, session ?? undefined);
    }
    const name = usernameFromPath(path);
    const signedOut = !carriesSessionCookie(headers.get('cookie'));
    // One segment that no username can be ('/a-b', '/NoSuch!'): the client's router still shows it
    // with the profile page (its `:username` route), so it is that page's "Profile Not Found" the
    // server renders, not a page that waits for a lookup.
    if (!name) return notFound(new URL(url.pathname, url), /^\/[^/]+$/.test(path), signedOut);
    const variant = signedOut ? 'signed out' : 'cookie';
    const oddsFormat = oddsFormatOf(preferenceCookiesOf(headers.get('cookie')).oddsFormat);
    // A signed-in reader gets the page with their header, rendered for them; a cookie whose session
    // is unknown (none, or the database down) the kept page whose header the browser's lookup fills.
    if (!signedOut) {
      const reader = await deps.sessionOf(headers).catch((err: unknown) => {
        deps.onError(url.pathname, err);
        return null;
      });
      if (reader) {
        const answer = await profileAnswer(url, name, path, indexHtml, variant, oddsFormat, reader);
        return 'location' in answer ? { ...answer, location: answer.location + url.search } : answer;
      }
    }
    // Keyed by the path as sent (the not-found page names it), the variant and the odds format; never the query.
    const answer = await sharedProfileAnswer(`${variant} ${oddsFormat} ${url.pathname}`, () =>
      profileAnswer(url, name, path, indexHtml, variant, oddsFormat),
    );
    if ('location' in answer) return { ...answer, location: answer.location + url.search };
    // The browser's or a cache's copy is still the page: nothing to send but that.
    if ('etag' in answer && answer.etag && matchesEtag(headers.get('if-none-match'), answer.etag))
      return { status: 304, etag: answer.etag, variesByCookie: true };
    return answer;
  };
}

/**
 * A page's first data, declared once with its pages: each answer its queries ask for on their
 * first render, with the API address they ask and the key it has in the browser's query cache.
 * The server asks the API itself for every answer of a page (server/app.ts `firstAnswers`) and
 * renders the page with them; the render seeds each into the cache under its key
 * (client/ssr/render.tsx), and the feature's hook asks the same address under the same key
 * (features/<name>/api/), so the hydrated page asks none of them again (docs/ARCHITECTURE.md,
 * Rendering). A page's new first query is one entry here and its hook, which asks through it
 * (client/lib/api.ts `askFirst`).
 *
 * Types only from the schema modules: a client page that imports this loads no zod.
 */
import type { BetPage, BetStats } from './bet-schemas.ts';
import type { ImportedBetPage } from './imports.ts';
import type { OwnProfile, ProfileBetPage, PublicProfile } from './profile-schemas.ts';
import { paths } from './routes.ts';
import type { Wellbeing } from './wellbeing-schemas.ts';

/** One answer of a page's first data; `Param` is what its address and key are made of. */
export interface FirstAnswer<Param, Answer> {
  /** The API address the query asks; for a list, of the page after `cursor` (null: the first). */
  url: (param: Param, cursor: string | null) => string;
  /**
   * The query's key in the browser's cache (TanStack Query). The feature's key factory takes it
   * from here, so it is written once; it sits under the feature's own prefix, which its writes
   * invalidate.
   */
  key: (param: Param) => readonly unknown[];
  /** A cursor-paged list (an infinite query): the cache holds `{ pages, pageParams }`, the server's answer the first page. */
  list: boolean;
  /** Type only, never set: the answer's shape. */
  readonly answer?: Answer;
}

/** A list's answer per page, and how many it asks for at once. */
export interface FirstList<Param, Page> extends FirstAnswer<Param, Page> {
  list: true;
  limit: number;
}

/** One answer, from `url(param)`. */
const one = <Param, Answer>(
  url: (param: Param) => string,
  key: FirstAnswer<Param, Answer>['key'],
): FirstAnswer<Param, Answer> => ({ url, key, list: false });

/** A cursor-paged list at `path(param)`, `limit` to a page (as the client's RPC calls write the query). */
const list = <Param, Page>(
  path: (param: Param) => string,
  limit: number,
  key: FirstAnswer<Param, Page>['key'],
): FirstList<Param, Page> => ({
  url: (param, cursor) =>
    `${path(param)}?${new URLSearchParams(cursor ? { limit: String(limit), cursor } : { limit: String(limit) })}`,
  key,
  list: true,
  limit,
});

/** A page's first answers, by name. */
export type FirstAnswers<Param> = Record<string, FirstAnswer<Param, unknown>>;

/** What the server renders a page with: each answer of `Page`, by name. */
export type FirstDataOf<Page> = {
  [Name in keyof Page]: Page[Name] extends FirstAnswer<never, infer Answer> ? Answer : never;
};

/** A profile's API address: the username encoded, so 'a/bets' or 'a?b' cannot reach another route. */
const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

/**
 * The dashboard's first answers for its reader (the param: their user id, in every key: accounts
 * never share a cache; the addresses are the session's). With all of them in the page, the
 * hydrated dashboard asks nothing again: each query asked on mount re-rendered its part in one
 * uninterruptible task (React renders an external store's change at once).
 */
export const DASHBOARD_FIRST_DATA = {
  /** GET /api/bets/stats: the figures. */
  stats: one<string, BetStats>(
    () => '/api/bets/stats',
    (userId) => ['bets', userId, 'stats'],
  ),
  /** The first page of GET /api/bets: "Recent Bets". */
  bets: list<string, BetPage>(
    () => '/api/bets',
    20,
    (userId) => ['bets', userId, 'list'],
  ),
  /** GET /api/profile: the username prompt reads it (and the own profile page, its header card). */
  ownProfile: one<string, OwnProfile>(
    () => '/api/profile',
    (userId) => ['profile', userId, 'profile'],
  ),
  /** The first page of GET /api/bets/imported: the "Include imported history" switch shows when it holds any. */
  imported: list<string, ImportedBetPage>(
    () => '/api/bets/imported',
    20,
    (userId) => ['imports', userId, 'list'],
  ),
  /**
   * GET /api/me/wellbeing: the budget card. Under the owner's bets key (['bets', userId]):
   * recording, settling or deleting a bet invalidates the bets and so the budget's standing.
   */
  wellbeing: one<string, Wellbeing>(
    () => '/api/me/wellbeing',
    (userId) => ['bets', userId, 'wellbeing'],
  ),
};

/**
 * The signed-in pages rendered with the dashboard's first data, for their reader: the dashboard,
 * and the own profile (its profile and first bets in the page, nothing moves as they arrive).
 */
export const DASHBOARD_DATA_PAGES: readonly string[] = [paths.dashboard, paths.profile];

/**
 * A public profile's first answers, as a visitor with no session gets them (the param: the
 * username; keyed lowercased, as the server matches it case-insensitively).
 */
export const PROFILE_FIRST_DATA = {
  /** GET /api/profiles/:username (404 and 403 arrive as errors). */
  profile: one<string, PublicProfile>(profilePath, (username) => ['profiles', username.toLowerCase()]),
  /** The first page of GET /api/profiles/:username/bets: the record. */
  bets: list<string, ProfileBetPage>(
    (username) => `${profilePath(username)}/bets`,
    20,
    (username) => ['profiles', username.toLowerCase(), 'bets'],
  ),
};

/** The dashboard's first answers, as the server renders it. */
export type DashboardData = FirstDataOf<typeof DASHBOARD_FIRST_DATA>;

/** A public profile's first answers, as the server renders it. */
export type ProfileData = FirstDataOf<typeof PROFILE_FIRST_DATA>;

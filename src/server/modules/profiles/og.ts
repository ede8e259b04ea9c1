/**
 * Link previews for public profiles. Crawlers (Slack, X, Facebook, iMessage) read the HTML and run
 * no JavaScript, so GET /{username} of a PUBLIC profile is served its rendered page with its title
 * and Open Graph / Twitter tags filled in on the server, from the same answer the page renders
 * (src/server/pages/page-answers.ts). A private or missing profile is answered
 * alike (src/server/pages/page-answers.ts: a 404 with the plain index.html), so a preview never reveals a
 * private record, nor that the name is in use.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, user, userSettings, usernameHistory } from '../../db/schema/index.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { parseMoney } from '../../../shared/money.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { isProfileUsername, isReservedUsername } from '../../../shared/usernames.ts';
import { escapeHtml } from '../../pages/html.ts';
import { recordIsPublic, recordIsPublicSql } from './visibility.ts';
import { findProfileByUsername } from './queries.ts';

export { escapeHtml };

/** "1234.5" → "$1,234.50", "-12.5" → "-$12.50". */
export function formatUsd(amount: string): string {
  const cents = parseMoney(amount) ?? 0n;
  const magnitude = cents < 0n ? -cents : cents;
  const dollars = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}$${dollars}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** '42 bets · 57.1% win rate · $1,234.50 profit' */
export const recordSummary = (stats: Pick<BetStats, 'totalBets' | 'winRate' | 'totalProfit'>) =>
  `${stats.totalBets} ${stats.totalBets === 1 ? 'bet' : 'bets'} · ${stats.winRate.toFixed(1)}% win rate · ${formatUsd(stats.totalProfit)} profit`;

export interface ProfileMeta {
  username: string;
  displayName: string | null;
  summary: string;
  url: string;
}

/** "{Display name} (@username) · betproof", or "@username · betproof" without a display name. */
export const profileTitle = ({ username, displayName }: Pick<ProfileMeta, 'username' | 'displayName'>) =>
  `${displayName ? `${displayName} (@${username})` : `@${username}`} · betproof`;

/** index.html with the profile's title, description and preview tags; every value escaped. */
export function injectProfileMeta(indexHtml: string, meta: ProfileMeta): string | null {
  if (!indexHtml.includes('</head>')) return null;
  const title = escapeHtml(profileTitle(meta));
  const description = escapeHtml(meta.summary);
  const url = escapeHtml(meta.url);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="betproof" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="profile:username" content="${escapeHtml(meta.username)}" />`,
    `<meta property="og:image" content="${url}/card.png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${url}/card.png" />`,
  ].join('\n    ');
  // Replacement callbacks, never replacement strings: a display name holding "$&" stays literal.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/i, () => '')
    .replace('</head>', () => `  ${tags}\n  </head>`);
}

/** A public profile's preview, from the answer its page shows (GET /api/profiles/:username). */
export const profileMetaOf = (profile: PublicProfile, baseUrl: string): ProfileMeta => ({
  username: profile.username,
  displayName: profile.displayName,
  summary: recordSummary(profile.stats),
  url: `${baseUrl.replace(/\/+$/, '')}/${profile.username}`,
});

/** The username a path names, when it is a single segment that could be one; else null. */
export function usernameFromPath(path: string): string | null {
  const segment = /^\/([^/]+)$/.exec(path)?.[1];
  if (!segment) return null;
  let name: string;
  try {
    name = decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
  return isProfileUsername(name) && !isReservedUsername(name) ? name : null;
}

/** Renamed usernames keep leading to their profile this long (modules/profiles/pages.ts). */
export const RENAMED_USERNAME_REDIRECT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What `/{name}` is for a visitor: a public profile (by its current username), a public profile renamed from `name` less than 30 days before `now` (while no profile holds the
 * name), or nothing. A private or unconfirmed profile is nothing, exactly like a missing one, so
 * the answer never tells whether a name is in use.
 */
export type ProfilePage =
  { kind: 'profile'; username: string } | { kind: 'renamed'; username: string } | { kind: 'none' };

/** The profile pages' lookups, for app.ts's page route (pages.ts). */
export function createProfilePages(deps: { db: Db }) {
  return async function profilePage(name: string, now: Date): Promise<ProfilePage> {
    const profile = await findProfileByUsername(deps.db, name);
    if (profile) return recordIsPublic(profile) ? { kind: 'profile', username: profile.username } : { kind: 'none' };
    const username = await renamedTo(deps.db, name, now);
    return username ? { kind: 'renamed', username } : { kind: 'none' };
  };
}

/**
 * The current username of the public profile that gave up `oldName` most recently, less than 30
 * days before `now` (the request's clock, never a cached time); null otherwise.
 */
async function renamedTo(db: Db, oldName: string, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - RENAMED_USERNAME_REDIRECT_MS);
  const [row] = await db
    .select({ username: profiles.username })
    .from(usernameHistory)
    .innerJoin(profiles, eq(profiles.userId, usernameHistory.userId))
    .innerJoin(user, eq(user.id, usernameHistory.userId))
    .leftJoin(userSettings, eq(userSettings.userId, usernameHistory.userId))
    .where(
      and(
        eq(usernameHistory.oldUsername, oldName),
        gt(usernameHistory.renamedAt, since),
        recordIsPublicSql('user_settings', 'users'),
      ),
    )
    .orderBy(desc(usernameHistory.renamedAt))
    .limit(1);
  return row?.username ?? null;
}

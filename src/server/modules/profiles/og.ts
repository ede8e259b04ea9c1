/**
 * Link previews for public profiles. Crawlers (Slack, X, Facebook, iMessage) read the HTML and run
 * no JavaScript, so GET /{username} of a PUBLIC profile is served index.html with its title and
 * Open Graph / Twitter tags filled in on the server. Any other path — and a private or missing
 * profile — gets the plain index.html, so a preview never reveals a private record.
 */
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { BetStats } from '../../../shared/bets.ts';
import { parseMoney } from '../../../shared/money.ts';
import { isProfileUsername, isReservedUsername } from '../../../shared/usernames.ts';
import { getBetSummary, statsOfSummary } from '../bets/queries.ts';
import { escapeHtml } from '../../html.ts';
import { recordIsPublic } from './visibility.ts';
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
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Replacement callbacks, never replacement strings: a display name holding "$&" stays literal.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, () => '')
    .replace(/<meta\s+name="description"[\s\S]*?>\s*/i, () => '')
    .replace('</head>', () => `  ${tags}\n  </head>`);
}

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

/**
 * The hook app.ts's SPA serving calls for each page path: the index.html to serve, or null for
 * the plain one. A failure (database down) logs and falls back to the plain page.
 */
export function createProfileIndexRenderer(deps: { db: Db; baseUrl: string; logger: Logger }) {
  return async function renderIndexFor(path: string, indexHtml: string): Promise<string | null> {
    const name = usernameFromPath(path);
    if (!name) return null;
    try {
      const profile = await findProfileByUsername(deps.db, name);
      if (!profile || !recordIsPublic(profile)) return null;
      const stats = statsOfSummary(await getBetSummary(deps.db, profile.userId));
      return injectProfileMeta(indexHtml, {
        username: profile.username,
        displayName: profile.displayName,
        summary: recordSummary(stats),
        url: `${deps.baseUrl.replace(/\/+$/, '')}/${profile.username}`,
      });
    } catch (err) {
      deps.logger.error('profile preview failed', { path, error: String(err) });
      return null;
    }
  };
}

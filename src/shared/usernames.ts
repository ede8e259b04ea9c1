import { paths } from './routes.ts';

/** Every username, chosen or given: 3-30 lowercase letters, digits, _ and . (the hint says so). */
export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;

/**
 * The neutral username every new account starts with (db/functions/neutral_username.sql):
 * 'bettor_' and 6 random base36 characters, nothing from the email. It follows the one rule above;
 * names of this form are kept for new accounts (isUnchoosableUsername, and the database's
 * profiles_refuse_reserved_username), so none can be chosen to look neutral.
 */
export const GENERATED_USERNAME_PATTERN = /^bettor_[0-9a-z]{6}$/;

/** True while the account keeps the username it was given: the dashboard then offers to pick one. */
export const isGeneratedUsername = (name: string) => GENERATED_USERNAME_PATTERN.test(name);

/** Any username a profile may have (what a `/{username}` lookup accepts): chosen or generated. */
export const isProfileUsername = (name: string) => USERNAME_PATTERN.test(name);

/**
 * Names a profile may never take: each would shadow a page, a file or an endpoint of ours at
 * `/{username}` (every route of the client's router and file of its public folder is here: a test,
 * src/client/reserved-usernames.test.ts, fails otherwise) or impersonate the service. The database
 * holds the same list (the server copies it into `reserved_usernames` at boot) and a trigger on
 * profiles refuses these names whatever writes them. Names a username could never be (with '-' or
 * upper case) need no entry.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  ...new Set([
    ...Object.values(paths)
      .map((p) => p.slice(1))
      .filter((p) => p.length > 0),
    'api',
    'assets',
    'static',
    'root',
    'support',
    'help',
    'settings',
    'login',
    'logout',
    'signin',
    'signout',
    'signup',
    'sign_in',
    'sign_up',
    'register',
    'account',
    'accounts',
    'user',
    'users',
    'me',
    'demo',
    'home',
    'index',
    'www',
    'mail',
    'email',
    'null',
    'undefined',
    'system',
    'betproof',
    'moderator',
    'administrator',
    'staff',
    'security',
    'status',
    'health',
    'docs',
    'blog',
    'news',
    'terms_of_use',
    'privacy_policy',
    'cookie_policy',
    'verify',
    'verification',
    'bets',
    'bet',
    'leaderboard',
    'public',
    'src',
    'dist',
    'node_modules',
    'onboarding',
    'welcome',
    'new',
    'edit',
    'search',
    'explore',
    'official',
    'team',
    'bettor',
    'favicon.ico',
    'favicon.svg',
    'favicon.png',
    'robots.txt',
    'sitemap.xml',
    'manifest.json',
    'manifest.webmanifest',
    // The service worker that shows push notifications (src/client/public/sw.js).
    'sw.js',
    'site.webmanifest',
    'humans.txt',
    'security.txt',
    'ads.txt',
    'index.html',
  ]),
]
  // Every file is served precompressed too (vite.config.ts writes a .br and a .gz copy beside each
  // text file of the build): `/favicon.svg.br` is a file, so no profile can live there either.
  .flatMap((name) => (name.includes('.') ? [name, `${name}.br`, `${name}.gz`] : [name]))
  .filter((name) => USERNAME_PATTERN.test(name));

const reserved = new Set(RESERVED_USERNAMES);

export const isReservedUsername = (name: string) => reserved.has(name.toLowerCase());

/** A name no one may choose (USERNAME_MESSAGES.reserved): a reserved word, or the form new accounts are given. */
export const isUnchoosableUsername = (name: string) =>
  isReservedUsername(name) || isGeneratedUsername(name.toLowerCase());

export const USERNAME_RESERVED_MESSAGE = 'That username is reserved';

export const USERNAME_MESSAGES = {
  tooShort: 'Username must be at least 3 characters',
  tooLong: 'Username must be at most 30 characters',
  characters: 'Use only lowercase letters, digits, _ and .',
  reserved: USERNAME_RESERVED_MESSAGE,
} as const;

export type UsernameCheck = { ok: true; username: string } | { ok: false; message: string };

/**
 * A username as typed: the name as it would be saved (trimmed, lowercase), or the first thing wrong
 * with it, in usernameSchema's order and words. The forms check with this as the person types, so a
 * page offering a username builds no zod schema (docs/decisions/015); a test holds the two equal.
 */
export function checkUsername(text: string): UsernameCheck {
  const username = text.trim().toLowerCase();
  if (username.length < 3) return { ok: false, message: USERNAME_MESSAGES.tooShort };
  if (username.length > 30) return { ok: false, message: USERNAME_MESSAGES.tooLong };
  if (!USERNAME_PATTERN.test(username)) return { ok: false, message: USERNAME_MESSAGES.characters };
  if (isUnchoosableUsername(username)) return { ok: false, message: USERNAME_MESSAGES.reserved };
  return { ok: true, username };
}

import { z } from 'zod';
import { paths } from './routes.ts';

export const USERNAME_PATTERN = /^[a-z0-9_.]{3,30}$/;

/**
 * Names a profile may never take: each would shadow a route of ours at `/{username}` or
 * impersonate the service. The database trigger that gives new accounts a default username
 * reads this list from the `reserved_usernames` table, which the server syncs from here at boot.
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
    'favicon.ico',
    'robots.txt',
    'sitemap.xml',
    'manifest.json',
    'index.html',
  ]),
].filter((name) => USERNAME_PATTERN.test(name));

const reserved = new Set(RESERVED_USERNAMES);

export const isReservedUsername = (name: string) => reserved.has(name.toLowerCase());

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(USERNAME_PATTERN, 'Use only lowercase letters, digits, _ and .')
  .refine((name) => !isReservedUsername(name), 'That username is reserved');

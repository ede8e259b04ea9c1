/**
 * A profile lives at `/{username}`, after every other route: a username equal to a route or to a
 * file of the public folder would never be reachable, or would stand in for the page. Every such
 * name must be in the one reserved list (src/shared/usernames.ts), or be something no username can
 * be. This reads the client's real route table and public folder, so a new route or file fails
 * here until it is reserved.
 */
import { readdirSync } from 'node:fs';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isProfileUsername, isReservedUsername } from '../shared/usernames.ts';
import { usernameSchema } from '../shared/profile-schemas.ts';
import { routes } from './route-table.tsx';

/** The first path segment of every route, nested ones joined to their parents' paths. */
function firstSegments(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const full = [parent, route.path ?? ''].filter(Boolean).join('/').replace(/^\/+/, '');
    const own = route.path ? [full.split('/')[0]!] : [];
    return [...own, ...firstSegments(route.children ?? [], full)];
  });
}

/** Names that could be somebody's username and are not reserved: what must stay empty. */
const unreserved = (names: string[]) => names.filter((name) => isProfileUsername(name) && !isReservedUsername(name));

const segments = firstSegments(routes);
const staticSegments = segments.filter((s) => !s.startsWith(':') && s !== '*');
const publicFiles = readdirSync(new URL('./public', import.meta.url), { recursive: true })
  .map(String)
  .map((name) => name.split(/[\\/]/)[0]!);

describe('reserved usernames cover the router and the public folder', () => {
  it('reads the route table: the pages, then one dynamic segment for profiles and the 404', () => {
    expect(staticSegments).toEqual(
      expect.arrayContaining(['auth', 'dashboard', 'profile', 'admin', 'reset-password', 'spotlight', 'terms']),
    );
    expect(segments.filter((s) => s.startsWith(':') || s === '*')).toEqual([':username', '*']);
    expect(publicFiles).toEqual(expect.arrayContaining(['favicon.svg', 'robots.txt']));
  });

  it('reserves the first segment of every route', () => {
    expect(unreserved(staticSegments)).toEqual([]);
    for (const segment of staticSegments) expect(usernameSchema.safeParse(segment).success, segment).toBe(false);
  });

  it('reserves every file of the public folder, and the compressed copies the build serves beside it', () => {
    expect(unreserved(publicFiles)).toEqual([]);
    const compressed = publicFiles.flatMap((file) => [`${file}.br`, `${file}.gz`]);
    expect(compressed).toEqual(expect.arrayContaining(['favicon.svg.br', 'robots.txt.gz']));
    expect(unreserved(compressed)).toEqual([]);
    for (const file of publicFiles) expect(usernameSchema.safeParse(file).success, file).toBe(false);
  });

  it('would fail for a route or file added without reserving it', () => {
    expect(unreserved(['dashboard', 'leaderboards', 'favicon.svg', 'apple.png', 'reset-password'])).toEqual([
      'leaderboards',
      'apple.png',
    ]);
  });
});

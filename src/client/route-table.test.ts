/**
 * The server answers 200 for the route table's pages and 404 for other addresses that are no
 * profile (src/server/pages/page-answers.ts), from the shared `paths` list: this keeps that list equal to the
 * pages the client's router really has.
 */
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../shared/routes.ts';
import { routes } from './route-table.tsx';

/** Every static page path of the table ('/' for the index route), nested paths joined. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const full = route.path ? `${parent}/${route.path}` : parent;
    const own = route.index ? [parent || '/'] : route.path && !/[:*]/.test(route.path) ? [full] : [];
    return [...own, ...pagePaths(route.children ?? [], full)];
  });
}

describe('the route table and the shared paths', () => {
  it('list the same pages', () => {
    expect(pagePaths(routes).sort()).toEqual(Object.values(paths).sort());
  });
});

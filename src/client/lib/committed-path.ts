import { useEffect } from 'react';
import { useLocation } from 'react-router';

/*
 * When the screen shows a path, not just the router. `await navigate(to)` resolves once the router
 * has moved, but React renders the new page in a transition, a moment later; a state change made in
 * between renders against the old page (e.g. the route guard of a protected page seeing the session
 * end). The root layout reports each committed path; `pathCommitted` waits for one.
 */

let committed = typeof window === 'undefined' ? '' : window.location.pathname;
const waiting = new Map<string, (() => void)[]>();

/** Called by the root layout (always mounted): its effect runs after each commit. */
export function useReportCommittedPath() {
  const { pathname } = useLocation();
  useEffect(() => {
    committed = pathname;
    const resolvers = waiting.get(pathname) ?? [];
    waiting.delete(pathname);
    for (const resolve of resolvers) resolve();
  }, [pathname]);
}

/** Resolves when the page at `pathname` is on screen (at once if it already is). */
export function pathCommitted(pathname: string): Promise<void> {
  if (committed === pathname) return Promise.resolve();
  return new Promise((resolve) => waiting.set(pathname, [...(waiting.get(pathname) ?? []), resolve]));
}

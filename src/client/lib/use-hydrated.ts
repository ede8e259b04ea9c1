import { startTransition, useEffect, useState } from 'react';

/** Set once the first component using this has been committed in the browser: the page is hydrated. */
let pageHydrated = false;

/**
 * False on the server and during hydration, true after: for what only the browser can render the
 * same way every time (what depends on the time now, on this browser's clock or storage). The
 * server's HTML and the first render in the browser then agree, and React renders again right after.
 *
 * That second render is a transition, which React works through in slices that yield to the
 * browser: a profile's or dashboard's dates (one per bet) changing to the visitor's time zone were
 * one uninterruptible task (useSyncExternalStore's flip is rendered at once). A component mounted
 * once the page is hydrated (a later page, a dialog) renders the browser's way from the start.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

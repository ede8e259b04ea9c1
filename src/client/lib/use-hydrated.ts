import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** Set once the page's first render has been committed in the browser (useNoteHydration). */
let pageHydrated = false;

/** For the app's root layout: notes that the page's first render is committed (hydrated, or rendered). */
export function useNoteHydration() {
  useEffect(() => {
    pageHydrated = true;
  }, []);
}

/**
 * False on the server and during hydration, true after: for what only the browser can render the
 * same way every time (what depends on the time now, on this browser's clock or storage). The
 * server's HTML and the first render in the browser then agree, and React renders again right after.
 *
 * That second render is a transition, which React works through in slices that yield to the
 * browser: with useSyncExternalStore's own flip (a server snapshot that differs from the
 * browser's), a profile's or dashboard's dates (one per bet) moving to the visitor's time zone
 * were one uninterruptible render. The external store says only "the server's way" while this very
 * component hydrates (React reads the server snapshot then, Suspense boundaries hydrating later
 * included) or before the page has been hydrated, so a component mounted later (another page, a
 * dialog) renders the browser's way from the start.
 */
export function useHydrated(): boolean {
  const serverWay = useSyncExternalStore(
    noSubscription,
    () => !pageHydrated,
    () => true,
  );
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    if (serverWay && !flipped) startTransition(() => setFlipped(true));
  }, [serverWay, flipped]);
  return !serverWay || flipped;
}

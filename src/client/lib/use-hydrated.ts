import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true after: for what only the browser can render the
 * same way every time (what depends on the time now, on this browser's clock or storage). The
 * server's HTML and the first render in the browser then agree, and React re-renders right after.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

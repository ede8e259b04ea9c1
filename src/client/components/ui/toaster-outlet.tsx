import { Suspense, lazy, useSyncExternalStore } from 'react';

/*
 * The toast outlet loads with the first page that can toast, not with the app: pages that never
 * toast (the landing page) do not download sonner. Code toasts through ./toast.ts, and importing
 * that module asks for the outlet; sonner shows a toast fired before its outlet mounted as soon
 * as it does (it replays the active ones), so nothing is lost in between.
 */

const Toaster = lazy(async () => ({ default: (await import('./sonner.tsx')).Toaster }));

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the app's toast outlet, once. */
export function requestToaster() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isRequested = () => requested;

/** Where toasts appear: nothing until some code on the page can toast. */
export function ToasterOutlet() {
  const show = useSyncExternalStore(subscribe, isRequested, () => false);
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

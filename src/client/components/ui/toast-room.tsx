import { useEffect, useSyncExternalStore } from 'react';

/*
 * Toasts never cover an open dialog: while one is open, the toasts' outlet (a React root of its
 * own, toast.ts) shows them at the top, and every dialog leaves the top 8rem of the screen to
 * them (centred 3.5rem low, at most the screen's height less 9rem), so a toast can't sit on a
 * dialog's title, close button or actions, on a phone or a desktop.
 */

/** The dialog contents' placement that leaves the top of the screen to toasts. */
export const TOAST_ROOM = 'top-[calc(50%+3.5rem)] max-h-[calc(100dvh-9rem)] overflow-y-auto';

let open = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Rendered with a dialog's content (mounted only while it is open): counts the dialog as open. */
export function CountedOpen() {
  useEffect(() => {
    open += 1;
    changed();
    return () => {
      open -= 1;
      changed();
    };
  }, []);
  return null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether any dialog is open, for the toasts' outlet. */
export const useAnyDialogOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => open > 0,
    () => false,
  );

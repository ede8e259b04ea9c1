import { createElement } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];

let loading: Promise<Sonner> | undefined;

/*
 * sonner (its code, and the stylesheet it inserts as it loads, which makes the browser restyle the
 * whole page) and its outlet load with the first toast, not with every page that could show one:
 * on the dashboard and a profile they were a chunk, a restyle and a render in the tasks that take
 * the page over. The outlet is a React root of its own beside the app's (it needs nothing of the
 * app's), so mounting it never re-renders the page; sonner shows a toast fired before its outlet
 * mounted as soon as the outlet does (it replays the active ones).
 */
const sonner = () =>
  (loading ??= Promise.all([import('sonner'), import('./sonner.tsx'), import('react-dom/client')]).then(
    ([{ toast }, { Toaster }, { createRoot }]) => {
      const outlet = document.createElement('div');
      document.body.append(outlet);
      createRoot(outlet).render(createElement(Toaster));
      return toast;
    },
  ));

/** Shows a toast once sonner has loaded; if it could not (offline), says so in the console and tries again next time. */
const show = (toastWith: (sonnerToast: Sonner) => void) =>
  void sonner().then(toastWith, (err: unknown) => {
    loading = undefined;
    console.error('The toasts could not load', err);
  });

/**
 * The app's `toast(...)`, `toast.success(...)` and `toast.error(...)`: sonner's, shown once it has
 * loaded (at once after the first). Import it from here, never from 'sonner'.
 */
export const toast = Object.assign((message: Message, data?: ExternalToast) => show((t) => t(message, data)), {
  success: (message: Message, data?: ExternalToast) => show((t) => t.success(message, data)),
  error: (message: Message, data?: ExternalToast) => show((t) => t.error(message, data)),
});

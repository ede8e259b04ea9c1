/** The app: hydrates the server's HTML, or renders into an empty #root (main.tsx loads this). */
// First: zod must know it may not eval before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app-providers.tsx';
import { yieldToBrowser } from './lib/after-first-paint.ts';
import { replayEarlyClicksOnceHydrated, unlessLeaving } from './lib/early-clicks.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createRouter } from './router.tsx';
import { HYDRATE_ATTRIBUTE, QUERY_STATE_ELEMENT_ID } from '../shared/page-rendering.ts';

const queryClient = createQueryClient();
// The answers the server's render used (a public profile's), so this first render shows the same.
const queryState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;

/*
 * A function, not top-level await: a page's lazy chunk imports shared modules from this entry, and
 * an entry still awaiting at its top level would have to give those up to chunks of their own (the
 * bundler's guard against the chunk waiting on the entry that waits on it): more files, more bytes.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // The app's modules were just evaluated, in one task; loading the page's route (its chunk and
  // the ~20 it imports, each fetch begun on this thread) is a task of its own (on the dashboard,
  // one 170 ms task at 4x CPU became two).
  if (root.hasAttribute(HYDRATE_ATTRIBUTE)) await yieldToBrowser();
  // A link clicked meanwhile is taking the window elsewhere: nothing to take over.
  await new Promise<void>((resolve) => unlessLeaving(resolve));
  const [router] = await Promise.all([
    createRouter(),
    queryState && import('./lib/query-state.ts').then((m) => m.restoreQueryState(queryClient, queryState)),
  ]);
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );

  // In a transition, React works in slices that yield to the browser every few ms instead of one
  // long task (Lighthouse's Total Blocking Time, and input on a slow phone); hydration too.
  if (root.hasAttribute(HYDRATE_ATTRIBUTE)) {
    // The server rendered this very page: React takes over its HTML (no repaint, no layout shift).
    // From here React sees every click; a button clicked before is clicked again once hydrated.
    replayEarlyClicksOnceHydrated(() => document.documentElement.hasAttribute('data-hydrated'));
    startTransition(() => void hydrateRoot(root, app));
  } else {
    // Rendered here (the dev server's shell, or a server without its render module).
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

void start();

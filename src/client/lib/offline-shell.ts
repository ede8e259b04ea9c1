/*
 * The dashboard's offline shell, kept by the service worker (public/sw.js, docs/decisions/049):
 * the dashboard registers the worker and tells it which build files it runs on; signing out
 * drops the kept copy, so no account's page outlives its session in this browser.
 */

const workerAvailable = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The build files this page loaded (resource timing names every one, the lazily loaded too). */
const loadedBuildFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin === location.origin && new URL(name).pathname.startsWith('/assets/'));

/** Registers the worker and has it keep this page and the files it runs on (online only). */
export async function keepOfflineShell(): Promise<void> {
  if (!workerAvailable() || !navigator.onLine) return;
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'keep-shell', files: loadedBuildFiles() });
}

/** Drops the kept dashboard (signing out). */
export async function forgetOfflineShell(): Promise<void> {
  if (!workerAvailable()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: 'forget-shell' });
}

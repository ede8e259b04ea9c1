/*
 * betproof's service worker. It shows the push notifications the server sends of a followed
 * bettor's picks (src/server/modules/notifications: a JSON message { title, body, url, tag }), and
 * a click opens the pick's page, in a betproof tab already open if there is one.
 *
 * It also keeps the dashboard's offline shell (docs/decisions/049): the last dashboard page the
 * network answered and the build's files it ran on, so the installed app opens offline and says
 * so. The dashboard is always asked of the network first; the copy answers only when the network
 * cannot. Nothing else is cached: every other page and every API answer comes from the network.
 */
const SHELL_CACHE = 'betproof-offline-shell';
const SHELL_PAGE = '/dashboard';
// The build's files are named by their content (/assets/name-hash.js), so a kept one never goes stale.
const isBuildFile = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');

/** Keeps a page's answer only when it is the page itself (not an error, not a redirect to sign-in). */
async function keepShell(response) {
  if (!response.ok || response.redirected || response.type !== 'basic') return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_PAGE, response);
}

async function dashboardNetworkFirst(request) {
  try {
    const response = await fetch(request);
    await keepShell(response.clone());
    return response;
  } catch (err) {
    const kept = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

async function buildFileCacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === SHELL_PAGE)
    event.respondWith(dashboardNetworkFirst(request));
  else if (isBuildFile(url)) event.respondWith(buildFileCacheFirst(request));
});

/*
 * The dashboard, on each visit, sends { type: 'keep-shell', files }: the build files it loaded
 * (the first time, before the worker was there). The worker keeps them, and asks for the dashboard
 * itself (with the session's cookie) when it has no copy yet, so the first visit is enough to open
 * offline next time. Files of an earlier build that the page no longer loads are dropped. { type: 'forget-shell' } (signing out) drops it all.
 */
self.addEventListener('message', (event) => {
  const message = event.data ?? {};
  if (message.type === 'keep-shell' && Array.isArray(message.files)) {
    event.waitUntil(
      (async () => {
        const files = message.files
          .map((file) => new URL(file, self.location.origin))
          .filter(isBuildFile)
          .map((url) => url.href);
        const cache = await caches.open(SHELL_CACHE);
        // A visit the worker already answered kept the page; the first one asks for it here.
        if (!(await cache.match(SHELL_PAGE))) await keepShell(await fetch(SHELL_PAGE, { credentials: 'same-origin' }));
        await Promise.all(files.map(async (file) => (await cache.match(file)) ?? cache.add(file)));
        for (const request of await cache.keys()) {
          const url = new URL(request.url);
          if (isBuildFile(url) && !files.includes(url.href)) await cache.delete(request);
        }
      })(),
    );
  } else if (message.type === 'forget-shell') {
    event.waitUntil(caches.delete(SHELL_CACHE));
  }
});

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { title: 'betproof', body: '', url: '/following', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without our JSON still says something rather than nothing (browsers require it).
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/following', self.location.origin);
  // Only our own pages: a message naming another origin opens the feed instead.
  const url = target.origin === self.location.origin ? target.href : new URL('/following', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});

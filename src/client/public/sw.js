/*
 * betproof's service worker: shows the push notifications the server sends of a followed bettor's
 * picks (src/server/modules/notifications: a JSON message { title, body, url, tag }), and a click
 * opens the pick's page, in a betproof tab already open if there is one. It caches nothing: every
 * page and answer comes from the network as before.
 */
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

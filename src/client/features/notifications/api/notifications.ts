import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyChoice } from '../../../../shared/notifications.ts';
import type { NotificationSettings, PutNotificationSettings } from '../../../../shared/notification-schemas.ts';
import { api, unwrap } from '../../../lib/api.ts';

export const notificationsKey = (userId: string) => ['notifications', userId] as const;

/** GET /api/me/notifications: quiet hours, the push key, and the choice per followed bettor. */
export function useNotificationSettings(userId: string) {
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: () => unwrap(api.api.me.notifications.$get()),
  });
}

/** PUT /api/me/notifications (time zone and quiet hours). The caller shows field errors. */
export function usePutNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutNotificationSettings) => unwrap(api.api.me.notifications.$put({ json: input })),
    onSuccess: (settings) => queryClient.setQueryData(notificationsKey(userId), settings),
  });
}

/** PUT /api/me/notifications/bettors/:username: what the follower is told of one bettor's picks. */
export function useChooseNotify(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, notify }: { username: string; notify: NotifyChoice }) =>
      unwrap(
        api.api.me.notifications.bettors[':username'].$put({
          param: { username: encodeURIComponent(username) },
          json: { notify },
        }),
      ),
    onSuccess: ({ username, notify }) =>
      queryClient.setQueryData<NotificationSettings>(notificationsKey(userId), (old) =>
        old ? { ...old, bettors: old.bettors.map((b) => (b.username === username ? { ...b, notify } : b)) } : old,
      ),
  });
}

/** Whether this browser can take push notifications at all. */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

/**
 * Subscribes this browser through the service worker (/sw.js) with the server's VAPID key and
 * hands the subscription to the server (POST /api/me/push-subscriptions).
 */
export async function subscribeThisDevice(pushKey: string): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in your browser settings.');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlBytes(pushKey),
  });
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await unwrap(api.api.me['push-subscriptions'].$post({ json: { endpoint: json.endpoint, keys: json.keys } }));
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

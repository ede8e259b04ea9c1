/** Request and answer shapes of the notification settings (rules and words: notifications.ts). */
import { z } from 'zod';
import { DIGEST_HOUR_MESSAGE, NOTIFY_CHOICES, parseMinutes } from './notifications.ts';

const clockTime = z.string().refine((v) => parseMinutes(v) !== null, 'Use a time as HH:MM, 00:00 to 23:59');

/** PUT /api/me/notifications: the zone, the quiet hours (both or neither) and the digest's hour. */
export const putNotificationSettingsSchema = z
  .object({
    timeZone: z.string().trim().min(1, 'Choose a time zone').max(64, 'Unknown time zone'),
    quietStart: clockTime.nullable(),
    quietEnd: clockTime.nullable(),
    /** The local hour of the daily digest (its range is the database's rule). */
    digestHour: z.number({ error: DIGEST_HOUR_MESSAGE }).int(DIGEST_HOUR_MESSAGE),
  })
  .superRefine((v, ctx) => {
    if ((v.quietStart === null) !== (v.quietEnd === null))
      ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'Give both ends of the quiet hours, or neither' });
    else if (v.quietStart !== null && v.quietStart === v.quietEnd)
      ctx.addIssue({
        code: 'custom',
        path: ['quietEnd'],
        message: 'Quiet hours must end at another time than they start',
      });
  });
export type PutNotificationSettings = z.input<typeof putNotificationSettingsSchema>;

export const notifyChoiceSchema = z.object({ notify: z.enum(NOTIFY_CHOICES, { error: 'Unknown choice' }) });

export const notificationSettingsSchema = z.object({
  timeZone: z.string(),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  digestHour: z.number().int(),
  /** The server's VAPID public key for PushManager.subscribe; null when push is not set up. */
  pushKey: z.string().nullable(),
  /** Each followed bettor whose record is public, and what the follower is told of their picks. */
  bettors: z.array(
    z.object({ username: z.string(), displayName: z.string().nullable(), notify: z.enum(NOTIFY_CHOICES) }),
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'A push endpoint is an https URL' })
    .max(1024, 'A push endpoint is at most 1024 characters'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'Invalid p256dh key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Invalid auth secret'),
  }),
});
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(1024) });

/**
 * Being told of a followed bettor's picks (docs/decisions/045): the follower's choice per bettor,
 * their quiet hours, and the words the settings show.
 */
export const NOTIFY_CHOICES = ['none', 'email', 'digest', 'push'] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

export const NOTIFY_LABELS: Record<NotifyChoice, string> = {
  none: 'Nothing',
  email: 'An email per pick',
  digest: 'A daily digest',
  push: 'A push notification',
};

/** The local hours the follower may choose for the daily digest (the database checks the range). */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** The digest's hour for a follower who never chose one (the column's default, asserted by a test). */
export const DEFAULT_DIGEST_HOUR = 8;
export const DIGEST_HOUR_MESSAGE = 'Choose an hour from 00:00 to 23:00';

/** "22:00" from minutes after midnight, and back (null for anything else). */
export const minutesText = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function parseMinutes(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export const UNSUBSCRIBED_MESSAGE = 'You will get no more of these emails.';
export const INVALID_UNSUBSCRIBE_MESSAGE = 'This unsubscribe link is not valid.';
export const PUSH_NOT_CONFIGURED_MESSAGE = 'Push notifications are not set up on this server.';
export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone';

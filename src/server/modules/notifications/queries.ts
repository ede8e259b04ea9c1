/** The follower's notification settings: their choice per followed bettor, quiet hours, devices. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows, violatedConstraint } from '../../db/sql.ts';
import { recordIsPublicSql } from '../profiles/visibility.ts';
import { MAX_FOLLOWING } from '../../../shared/follows.ts';
import { DEFAULT_DIGEST_HOUR, minutesText, parseMinutes, type NotifyChoice } from '../../../shared/notifications.ts';
import type { NotificationSettings } from '../../../shared/notification-schemas.ts';

/** The database's rule for the digest's hour (0 to 23). */
const DIGEST_HOUR_CHECK = 'notification_settings_digest_hour';

export async function readSettings(db: Db, userId: string, pushKey: string | null): Promise<NotificationSettings> {
  const [own] = await queryRows<{
    time_zone: string;
    quiet_start: number | null;
    quiet_end: number | null;
    digest_hour: number;
  }>(
    db,
    sql`select time_zone, quiet_start, quiet_end, digest_hour from notification_settings where user_id = ${userId}`,
  );
  const bettors = await queryRows<{ username: string; display_name: string | null; notify: NotifyChoice }>(
    db,
    sql`select p.username, p.display_name, f.notify
        from follows f
        join profiles p on p.user_id = f.followee_id
        join users u on u.id = f.followee_id
        left join user_settings st on st.user_id = f.followee_id
        where f.follower_id = ${userId} and ${recordIsPublicSql('st', 'u')}
        order by p.username limit ${MAX_FOLLOWING}`,
  );
  return {
    timeZone: own?.time_zone ?? 'UTC',
    quietStart: own?.quiet_start == null ? null : minutesText(own.quiet_start),
    quietEnd: own?.quiet_end == null ? null : minutesText(own.quiet_end),
    digestHour: own?.digest_hour ?? DEFAULT_DIGEST_HOUR,
    pushKey,
    bettors: bettors.map((b) => ({ username: b.username, displayName: b.display_name, notify: b.notify })),
  };
}

export async function writeSettings(
  db: Db,
  userId: string,
  s: { timeZone: string; quietStart: string | null; quietEnd: string | null; digestHour: number },
): Promise<{ ok: true } | { ok: false; field: 'digestHour' }> {
  const start = s.quietStart === null ? null : parseMinutes(s.quietStart);
  const end = s.quietEnd === null ? null : parseMinutes(s.quietEnd);
  try {
    await db.execute(
      sql`insert into notification_settings (user_id, time_zone, quiet_start, quiet_end, digest_hour)
          values (${userId}, ${s.timeZone}, ${start}, ${end}, ${s.digestHour})
          on conflict (user_id) do update set time_zone = excluded.time_zone,
            quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, digest_hour = excluded.digest_hour`,
    );
  } catch (err) {
    if (violatedConstraint(err, '23514', [DIGEST_HOUR_CHECK])) return { ok: false, field: 'digestHour' };
    throw err;
  }
  return { ok: true };
}

/**
 * Sets what the follower is told of one followed bettor (by username); false when they do not
 * follow that bettor (or the bettor's record is private: a choice for picks nobody may see).
 */
export async function setChoice(db: Db, followerId: string, username: string, notify: NotifyChoice): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`update follows f set notify = ${notify}
        from profiles p, users u left join user_settings st on st.user_id = u.id
        where p.username = ${username.toLowerCase()} and f.followee_id = p.user_id and u.id = p.user_id
          and f.follower_id = ${followerId} and ${recordIsPublicSql('st', 'u')}
        returning 1 as one`,
  );
  return rows.length > 0;
}

/** One browser's subscription, kept by its endpoint: subscribing again (or as another account) replaces it. */
export async function saveSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await db.execute(
    sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
        values (${userId}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})
        on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
          auth = excluded.auth, created_at = now()`,
  );
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db.execute(sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`);
}

/**
 * The unsubscribe link's effect: a bettor's emails stop (their choice becomes nothing), or every
 * digest does. Answers how many choices it changed (0: already off, which is the same outcome).
 */
export async function unsubscribe(db: Db, followerId: string, followeeId: string | null): Promise<number> {
  const rows = await queryRows<{ one: number }>(
    db,
    followeeId === null
      ? sql`update follows set notify = 'none' where follower_id = ${followerId} and notify = 'digest' returning 1 as one`
      : sql`update follows set notify = 'none' where follower_id = ${followerId} and followee_id = ${followeeId}
            and notify = 'email' returning 1 as one`,
  );
  return rows.length;
}

/**
 * The notification job (docs/decisions/045), run in the background, never in a request:
 *
 * 1. Announce: the picks recorded at least the grace period ago (pick_announcements, written in
 *    each pick's own transaction by the trigger bets_announce) become one row per follower who
 *    chose a channel, in pick_notifications, with the time it may go out (after the follower's
 *    quiet hours; a digest at the next of its chosen local hour). A pick deleted before that has no row left.
 * 2. Send what is due: each row is claimed (state 'sending') before it is sent and marked 'sent'
 *    after, so a job that fails or dies and runs again never sends a row twice; a row whose channel
 *    refused it is 'failed' and tried again later. Before sending, the rules are read again: the
 *    follow and its choice still stand and the bettor's record is still public, or it is dropped.
 * 3. The digests: a follower's due digest rows go out as one email.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoText, queryRows, rowsOf } from '../../db/sql.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail.ts';
import { recordIsPublicSql } from '../profiles/visibility.ts';
import { nextDigest, outsideQuietHours, type QuietHours } from './clock.ts';
import { digestMail, pickMail, pickPush, type PickNews } from './messages.ts';
import { DEFAULT_DIGEST_HOUR } from '../../../shared/notifications.ts';
import type { PushSender } from './push.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

export interface NotifyDeps {
  db: Db;
  mailer: Mailer;
  /** Null when VAPID keys are not configured: push rows are dropped. */
  push: PushSender | null;
  now: () => Date;
  baseUrl: string;
  /** The server's secret, which signs the unsubscribe links. */
  secret: string;
  graceMinutes: number;
  logger: Logger;
}

export interface JobCounts {
  announced: number;
  sent: number;
  failed: number;
  dropped: number;
}

/** A job handles at most this many picks and notifications, then the next run goes on. */
const BATCH = 200;
/** A notification refused this many times is given up. */
export const MAX_ATTEMPTS = 5;

export const unsubscribeUrl = (
  deps: Pick<NotifyDeps, 'baseUrl' | 'secret'>,
  followerId: string,
  followeeId: string | null,
) => `${deps.baseUrl}/api/unsubscribe/${unsubscribeToken(deps.secret, { followerId, followeeId })}`;

export async function runNotifications(deps: NotifyDeps): Promise<JobCounts> {
  const counts: JobCounts = { announced: 0, sent: 0, failed: 0, dropped: 0 };
  counts.announced = await announce(deps);
  await sendDue(deps, counts);
  await sendDigests(deps, counts);
  return counts;
}

interface QuietRow {
  time_zone: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
}

const quietOf = (r: QuietRow): QuietHours => ({
  timeZone: r.time_zone ?? 'UTC',
  quietStart: r.quiet_start,
  quietEnd: r.quiet_end,
});

/** Step 1, in one transaction: the announcements taken and their notifications written together. */
async function announce(deps: NotifyDeps): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - deps.graceMinutes * 60_000).toISOString();
  return deps.db.transaction(async (tx) => {
    const rows = rowsOf<
      QuietRow & {
        bet_id: string;
        follower_id: string;
        notify: 'email' | 'digest' | 'push';
        digest_hour: number | null;
      }
    >(
      await tx.execute(sql`
        with due as (
          delete from pick_announcements where bet_id in (
            select bet_id from pick_announcements where recorded_at <= ${cutoff}::timestamptz
            order by recorded_at limit ${BATCH} for update skip locked)
          returning bet_id)
        select d.bet_id, f.follower_id, f.notify, s.time_zone, s.quiet_start, s.quiet_end, s.digest_hour
        from due d
        join bets b on b.id = d.bet_id and b.status = 'pending'
        join users u on u.id = b.user_id
        left join user_settings st on st.user_id = b.user_id
        join follows f on f.followee_id = b.user_id and f.notify <> 'none'
        left join notification_settings s on s.user_id = f.follower_id
        where ${recordIsPublicSql('st', 'u')}`),
    );
    for (const row of rows) {
      const quiet = quietOf(row);
      const at =
        row.notify === 'digest'
          ? nextDigest(now, quiet, row.digest_hour ?? DEFAULT_DIGEST_HOUR)
          : outsideQuietHours(now, quiet);
      // The key (pick, follower, channel): a pick announced twice still makes one row.
      await tx.execute(sql`
        insert into pick_notifications (bet_id, follower_id, channel, send_after)
        values (${row.bet_id}, ${row.follower_id}, ${row.notify}, ${at.toISOString()}::timestamptz)
        on conflict do nothing`);
    }
    return new Set(rows.map((r) => r.bet_id)).size;
  });
}

interface Claimed extends QuietRow {
  bet_id: string;
  follower_id: string;
  channel: 'email' | 'digest' | 'push';
  attempts: number;
  /** The follower's email, and their choice for this bettor now (null: not following). */
  email: string;
  notify: string | null;
  /** Whether the bettor's record is public now. */
  public: boolean;
  bettor_id: string;
  username: string;
  display_name: string | null;
  description: string;
  odds: string;
  event_date: string;
  created_at: string;
}

/** Claims the due rows of `channels` (state 'sending', one more attempt) and reads what sending needs. */
async function claim(deps: NotifyDeps, channels: string[], now: Date): Promise<Claimed[]> {
  return queryRows<Claimed>(
    deps.db,
    sql`
      with claimed as (
        update pick_notifications n set state = 'sending', attempts = n.attempts + 1
        where (n.bet_id, n.follower_id, n.channel) in (
          select bet_id, follower_id, channel from pick_notifications
          where state in ('waiting', 'failed') and send_after <= ${now.toISOString()}::timestamptz
            and channel in (${sql.join(
              channels.map((c) => sql`${c}`),
              sql`, `,
            )})
          order by send_after limit ${BATCH} for update skip locked)
        returning n.bet_id, n.follower_id, n.channel, n.attempts)
      select c.bet_id, c.follower_id, c.channel, c.attempts, fu.email, f.notify,
        ${recordIsPublicSql('st', 'bu')} as public, p.username, p.display_name,
        b.user_id as bettor_id, b.description, b.odds, ${isoText('b.event_date')} as event_date,
        ${isoText('b.created_at')} as created_at,
        s.time_zone, s.quiet_start, s.quiet_end
      from claimed c
      join bets b on b.id = c.bet_id
      join users bu on bu.id = b.user_id
      join profiles p on p.user_id = b.user_id
      left join user_settings st on st.user_id = b.user_id
      join users fu on fu.id = c.follower_id
      left join follows f on f.follower_id = c.follower_id and f.followee_id = b.user_id
      left join notification_settings s on s.user_id = c.follower_id
      order by c.follower_id, b.created_at`,
  );
}

const newsOf = (r: Claimed): PickNews => ({
  betId: r.bet_id,
  username: r.username,
  displayName: r.display_name,
  description: r.description,
  odds: r.odds,
  eventDate: new Date(r.event_date),
  recordedAt: new Date(r.created_at),
});

const key = (r: Pick<Claimed, 'bet_id' | 'follower_id' | 'channel'>) =>
  sql`bet_id = ${r.bet_id} and follower_id = ${r.follower_id} and channel = ${r.channel}`;

async function markSent(deps: NotifyDeps, r: Claimed, now: Date) {
  await deps.db.execute(
    sql`update pick_notifications set state = 'sent', sent_at = ${now.toISOString()}::timestamptz where ${key(r)}`,
  );
}

async function markDropped(deps: NotifyDeps, r: Claimed) {
  await deps.db.execute(sql`update pick_notifications set state = 'dropped' where ${key(r)}`);
}

/** Back to waiting, not counted as an attempt: it was not sent, only put off (quiet hours). */
async function putOff(deps: NotifyDeps, r: Claimed, until: Date) {
  await deps.db.execute(
    sql`update pick_notifications set state = 'waiting', attempts = attempts - 1,
        send_after = ${until.toISOString()}::timestamptz where ${key(r)}`,
  );
}

/** Refused by the channel: tried again after 2, 4, 8… minutes, given up after MAX_ATTEMPTS. */
async function markFailed(deps: NotifyDeps, r: Claimed, now: Date, counts: JobCounts) {
  const giveUp = r.attempts >= MAX_ATTEMPTS;
  const retryAt = new Date(now.getTime() + 2 ** r.attempts * 60_000).toISOString();
  await deps.db.execute(
    sql`update pick_notifications set state = ${giveUp ? 'dropped' : 'failed'},
        send_after = ${retryAt}::timestamptz where ${key(r)}`,
  );
  if (giveUp) counts.dropped++;
  else counts.failed++;
}

/** Whether the row is still to be sent: the follow and its choice stand, the record is public. */
const stillWanted = (r: Claimed) => r.public && r.notify === r.channel;

/** Step 2: each due email and push. */
async function sendDue(deps: NotifyDeps, counts: JobCounts) {
  const now = deps.now();
  for (const r of await claim(deps, ['email', 'push'], now)) {
    if (!stillWanted(r) || (r.channel === 'push' && !deps.push)) {
      await markDropped(deps, r);
      counts.dropped++;
      continue;
    }
    const quiet = quietOf(r);
    const allowed = outsideQuietHours(now, quiet);
    if (allowed > now) {
      await putOff(deps, r, allowed);
      continue;
    }
    try {
      const delivered =
        r.channel === 'email' ? await sendEmail(deps, r, quiet.timeZone) : await sendPush(deps, r, quiet.timeZone);
      if (delivered) {
        await markSent(deps, r, now);
        counts.sent++;
      } else {
        await markDropped(deps, r);
        counts.dropped++;
      }
    } catch (err) {
      deps.logger.warn('notification not sent', { channel: r.channel, bet: r.bet_id, error: String(err) });
      await markFailed(deps, r, now, counts);
    }
  }
}

async function sendEmail(deps: NotifyDeps, r: Claimed, timeZone: string): Promise<boolean> {
  await deps.mailer.send(
    pickMail({
      to: r.email,
      pick: newsOf(r),
      timeZone,
      baseUrl: deps.baseUrl,
      unsubscribeUrl: unsubscribeUrl(deps, r.follower_id, r.bettor_id),
    }),
  );
  return true;
}

/**
 * To every browser the follower subscribed. Sent when one took it; a subscription the push service
 * no longer knows is forgotten. False (dropped) when the follower has no subscription.
 */
async function sendPush(deps: NotifyDeps, r: Claimed, timeZone: string): Promise<boolean> {
  const push = deps.push!;
  const targets = await queryRows<{ id: string; endpoint: string; p256dh: string; auth: string }>(
    deps.db,
    sql`select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${r.follower_id} order by created_at`,
  );
  const message = pickPush(newsOf(r), deps.baseUrl, timeZone);
  let delivered = 0;
  let refused: unknown;
  for (const target of targets) {
    try {
      if ((await push.send(target, message)) === 'gone') {
        await deps.db.execute(sql`delete from push_subscriptions where id = ${target.id}`);
      } else delivered++;
    } catch (err) {
      refused = err;
    }
  }
  // One browser took it: sent (trying again would show it twice there). None did: a retry.
  if (delivered === 0 && refused !== undefined) throw refused;
  return delivered > 0;
}

/** Step 3: one email per follower with every digest row due. */
async function sendDigests(deps: NotifyDeps, counts: JobCounts) {
  const now = deps.now();
  const byFollower = new Map<string, Claimed[]>();
  for (const r of await claim(deps, ['digest'], now)) {
    if (!stillWanted(r)) {
      await markDropped(deps, r);
      counts.dropped++;
      continue;
    }
    byFollower.set(r.follower_id, [...(byFollower.get(r.follower_id) ?? []), r]);
  }
  for (const [followerId, rows] of byFollower) {
    const first = rows[0]!;
    const quiet = quietOf(first);
    const allowed = outsideQuietHours(now, quiet);
    if (allowed > now) {
      for (const r of rows) await putOff(deps, r, allowed);
      continue;
    }
    try {
      await deps.mailer.send(
        digestMail({
          to: first.email,
          picks: rows.map(newsOf),
          timeZone: quiet.timeZone,
          baseUrl: deps.baseUrl,
          unsubscribeUrl: unsubscribeUrl(deps, followerId, null),
        }),
      );
      for (const r of rows) await markSent(deps, r, now);
      counts.sent += rows.length;
    } catch (err) {
      deps.logger.warn('digest not sent', { follower: followerId, error: String(err) });
      for (const r of rows) await markFailed(deps, r, now, counts);
    }
  }
}

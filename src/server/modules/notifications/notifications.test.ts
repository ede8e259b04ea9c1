/**
 * Being told of a followed bettor's picks, on both drivers: the database's rules in direct SQL, the
 * background job (an email per pick, the digest, quiet hours in the follower's zone, the grace
 * period a deleted pick never leaves, at most once through failures and reruns, a private profile
 * never announced), the settings API and the one-click unsubscribe.
 */
import { sql } from 'drizzle-orm';
import { DELETE_WINDOW_MINUTES } from '../../../shared/bets.ts';
import { beforeEach, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Mail } from '../../lib/mail.ts';
import {
  describeEachDatabase,
  refusingConstraint,
  signUpAndSignIn,
  TEST_BASE_URL,
  type TestEnv,
} from '../../test/harness.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import type { NotificationSettings } from '../../../shared/notification-schemas.ts';
import { DEFAULT_DIGEST_HOUR, DIGEST_HOUR_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../../../shared/notifications.ts';
import { runNotifications, unsubscribeUrl, type NotifyDeps } from './job.ts';
import { MINUTE_MS, HOUR_MS } from '../../../shared/time-units.ts';

// The default grace period: the delete window, past which a pick can no longer be deleted.
const GRACE_MINUTES = DELETE_WINDOW_MINUTES;

async function person(env: TestEnv) {
  const signed = await signUpAndSignIn(env);
  const username = await usernameOf(env, signed.userId);
  await setPublic(env, signed.userId, true);
  return { ...signed, username };
}

const setPublic = (env: TestEnv, userId: string, isPublic: boolean) =>
  env.db.execute(
    sql`update user_settings set privacy_settings = ${JSON.stringify({ profile_public: isPublic })}::jsonb
        where user_id = ${userId}`,
  );

const rows = async <T>(env: TestEnv, query: ReturnType<typeof sql>) => rowsOf<T>(await env.db.execute(query));

/** Follows and chooses what to be told, through the API. */
async function follow(env: TestEnv, cookie: string, username: string, notify: string) {
  expect((await env.request(`/api/profiles/${username}/follow`, { method: 'POST', cookie })).status).toBe(200);
  const res = await env.request(`/api/me/notifications/bettors/${username}`, {
    method: 'PUT',
    cookie,
    body: { notify },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function recordPick(env: TestEnv, cookie: string, description: string): Promise<string> {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description,
      amount: '10',
      odds: '+150',
      sport: 'basketball',
      eventDate: new Date(env.clock.now().getTime() + 24 * HOUR_MS + 5 * MINUTE_MS).toISOString(),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const deps = (env: TestEnv, overrides: Partial<NotifyDeps> = {}): NotifyDeps => ({
  db: env.db,
  mailer: env.mailer,
  push: null,
  now: env.clock.now,
  baseUrl: TEST_BASE_URL,
  secret: env.config.AUTH_SECRET,
  graceMinutes: GRACE_MINUTES,
  logger: createLogger('silent'),
  ...overrides,
});

/** The notification emails to `email` (those with an unsubscribe header: not the sign-up mail). */
const mailsTo = (env: TestEnv, email: string) =>
  env.mailer.sent.filter((m) => m.to === email.toLowerCase() && m.headers?.['List-Unsubscribe']);

const notificationsOf = (env: TestEnv, betId: string) =>
  rows<{ follower_id: string; channel: string; state: string; attempts: number; send_after: string }>(
    env,
    sql`select follower_id, channel, state, attempts, send_after::text from pick_notifications
        where bet_id = ${betId} order by follower_id, channel`,
  );

/** Sets the clock to `iso`, stopped there (advance moves it on). */
function clockAt(env: TestEnv, iso: string) {
  env.clock.reset();
  env.clock.freeze();
  env.clock.advance(Date.parse(iso) - env.clock.now().getTime());
}

/** Tomorrow at `hh:mm` UTC, as an ISO string. */
function tomorrowUtc(hhmm: string): string {
  const day = new Date(Date.now() + 24 * HOUR_MS).toISOString().slice(0, 10);
  return `${day}T${hhmm}:00.000Z`;
}

describeEachDatabase('pick notifications', (env) => {
  beforeEach(() => env().clock.reset());

  it('the database refuses an unknown choice, half-set quiet hours, and a second row for one (pick, follower, channel)', async () => {
    const a = await person(env());
    const b = await person(env());
    await env().db.execute(sql`insert into follows (follower_id, followee_id) values (${a.userId}, ${b.userId})`);
    expect(
      await refusingConstraint(env(), sql`update follows set notify = 'sms' where follower_id = ${a.userId}`, '23514', [
        'follows_notify',
      ]),
    ).toBe('follows_notify');
    expect(
      await refusingConstraint(
        env(),
        sql`insert into notification_settings (user_id, quiet_start) values (${a.userId}, 60)`,
        '23514',
        ['notification_settings_quiet_both'],
      ),
    ).toBe('notification_settings_quiet_both');
    expect(
      await refusingConstraint(
        env(),
        sql`insert into notification_settings (user_id, quiet_start, quiet_end) values (${a.userId}, 60, 60)`,
        '23514',
        ['notification_settings_quiet_range'],
      ),
    ).toBe('notification_settings_quiet_range');
    const betId = await recordPick(env(), b.cookie, 'Keyed pick');
    await env().db.execute(
      sql`insert into pick_notifications (bet_id, follower_id, channel, send_after) values (${betId}, ${a.userId}, 'email', now())`,
    );
    expect(
      await refusingConstraint(
        env(),
        sql`insert into pick_notifications (bet_id, follower_id, channel, send_after) values (${betId}, ${a.userId}, 'email', now())`,
        '23505',
        ['pick_notifications_pkey'],
      ),
    ).toBe('pick_notifications_pkey');
    expect(
      await refusingConstraint(
        env(),
        sql`update pick_notifications set state = 'sent' where bet_id = ${betId}`,
        '23514',
        ['pick_notifications_sent_at'],
      ),
    ).toBe('pick_notifications_sent_at');
  });

  it('queues a pick in its own transaction, only when a follower asked to be told; a rolled-back pick leaves nothing', async () => {
    const a = await person(env());
    const b = await person(env());
    await env().db.execute(sql`insert into follows (follower_id, followee_id) values (${a.userId}, ${b.userId})`);
    const quiet = await recordPick(env(), b.cookie, 'Nobody asked');
    await env().db.execute(sql`update follows set notify = 'email' where follower_id = ${a.userId}`);
    const queued = await recordPick(env(), b.cookie, 'Asked');
    const announced = await rows<{ bet_id: string }>(
      env(),
      sql`select bet_id from pick_announcements where bet_id in (${quiet}, ${queued})`,
    );
    expect(announced.map((r) => r.bet_id)).toEqual([queued]);
    await expect(
      env().db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win)
          values (${b.userId}, 'Rolled back', 10, '2', 2, 'soccer', now() + interval '1 day', 20)`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [left] = await rows<{ n: number }>(
      env(),
      sql`select count(*)::int as n from pick_announcements pa join bets bt on bt.id = pa.bet_id
          where bt.description = 'Rolled back'`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('emails each follower who chose it once, after the grace period, with a one-click unsubscribe', async () => {
    const follower = await person(env());
    const bettor = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'email');
    const betId = await recordPick(env(), bettor.cookie, 'Celtics +4.5 at Lakers');

    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    expect(await notificationsOf(env(), betId)).toEqual([]);

    env().clock.advance(GRACE_MINUTES * MINUTE_MS);
    await runNotifications(deps(env()));
    await runNotifications(deps(env()));
    const mails = mailsTo(env(), follower.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`New pick from @${bettor.username}`);
    expect(mail.text).toContain(`@${bettor.username} recorded a pick:\nCeltics +4.5 at Lakers at +150\n`);
    expect(mail.text).toContain('recorded 1 d before the start.');
    expect(mail.text).toContain(`${TEST_BASE_URL}/${bettor.username}\n`);
    const url = unsubscribeUrl(deps(env()), follower.userId, bettor.userId);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`Unsubscribe: ${url}`);
    const [row] = await notificationsOf(env(), betId);
    expect(row).toMatchObject({ follower_id: follower.userId, channel: 'email', state: 'sent', attempts: 1 });

    // RFC 8058: the mail client POSTs the form body, with no cookie and no Origin.
    const path = url.slice(TEST_BASE_URL.length);
    const opened = await env().request(path, { method: 'GET' });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<button type="submit">Unsubscribe</button>');
    const [still] = await rows<{ notify: string }>(
      env(),
      sql`select notify from follows where follower_id = ${follower.userId}`,
    );
    expect(still!.notify).toBe('email');
    const forged = await oneClick(env(), `${path.slice(0, -3)}AAA`);
    expect(forged.status).toBe(404);
    expect(
      (
        await rows<{ notify: string }>(env(), sql`select notify from follows where follower_id = ${follower.userId}`)
      )[0]!.notify,
    ).toBe('email');
    const res = await oneClick(env(), path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(UNSUBSCRIBED_MESSAGE);
    const [after] = await rows<{ notify: string }>(
      env(),
      sql`select notify from follows where follower_id = ${follower.userId}`,
    );
    expect(after!.notify).toBe('none');
  });

  it('never announces a pick deleted within its grace period', async () => {
    const follower = await person(env());
    const bettor = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'email');
    const betId = await recordPick(env(), bettor.cookie, 'Deleted soon');
    env().clock.advance(GRACE_MINUTES * MINUTE_MS - MINUTE_MS);
    await runNotifications(deps(env()));
    expect((await env().request(`/api/bets/${betId}`, { method: 'DELETE', cookie: bettor.cookie })).status).toBe(204);
    env().clock.advance(2 * MINUTE_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    expect(await notificationsOf(env(), betId)).toEqual([]);
  });

  it('a run that fails for one follower sends to the others, and the next run sends only what was not sent', async () => {
    const ok = await person(env());
    const failing = await person(env());
    const bettor = await person(env());
    await follow(env(), ok.cookie, bettor.username, 'email');
    await follow(env(), failing.cookie, bettor.username, 'email');
    const betId = await recordPick(env(), bettor.cookie, 'Retried pick');
    env().clock.advance(GRACE_MINUTES * MINUTE_MS);
    const refusing = {
      send: async (mail: Mail) => {
        if (mail.to === failing.email.toLowerCase()) throw new Error('550 mailbox unavailable');
        await env().mailer.send(mail);
      },
    };
    await runNotifications(deps(env(), { mailer: refusing }));
    expect(mailsTo(env(), ok.email)).toHaveLength(1);
    expect(mailsTo(env(), failing.email)).toHaveLength(0);
    const states = Object.fromEntries((await notificationsOf(env(), betId)).map((r) => [r.follower_id, r.state]));
    expect(states).toEqual({ [ok.userId]: 'sent', [failing.userId]: 'failed' });

    // Not before its retry time (2 minutes after the first attempt).
    await runNotifications(deps(env()));
    expect(mailsTo(env(), failing.email)).toHaveLength(0);
    env().clock.advance(2 * MINUTE_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), ok.email)).toHaveLength(1);
    expect(mailsTo(env(), failing.email)).toHaveLength(1);
    // A row claimed by a run that died mid-send is never sent again.
    await env().db.execute(
      sql`update pick_notifications set state = 'sending', sent_at = null where bet_id = ${betId} and follower_id = ${ok.userId}`,
    );
    env().clock.advance(HOUR_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), ok.email)).toHaveLength(1);
  });

  it("waits out the follower's quiet hours in their own time zone", async () => {
    const follower = await person(env());
    const bettor = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'email');
    const put = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'Asia/Tokyo', quietStart: '22:00', quietEnd: '07:00', digestHour: 8 },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    // 14:00 UTC is 23:00 in Tokyo (UTC+9, no daylight saving): quiet until 07:00 there, 22:00 UTC.
    clockAt(env(), tomorrowUtc('14:00'));
    const betId = await recordPick(env(), bettor.cookie, 'At night');
    env().clock.advance(GRACE_MINUTES * MINUTE_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    const [row] = await notificationsOf(env(), betId);
    expect(row!.state).toBe('waiting');
    expect(new Date(row!.send_after.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString()).toBe(tomorrowUtc('22:00'));
    clockAt(env(), tomorrowUtc('21:59'));
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    clockAt(env(), tomorrowUtc('22:00'));
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toHaveLength(1);
    expect(mailsTo(env(), follower.email)[0]!.text).toContain('(Asia/Tokyo)');
  });

  it('sends the daily digest at 08:00 local time as one email of every pick since, and a private profile is dropped', async () => {
    const follower = await person(env());
    const bettor = await person(env());
    const hidden = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'digest');
    await follow(env(), follower.cookie, hidden.username, 'digest');
    clockAt(env(), tomorrowUtc('09:00'));
    const first = await recordPick(env(), bettor.cookie, 'Digest pick one');
    await recordPick(env(), bettor.cookie, 'Digest pick two');
    const hiddenPick = await recordPick(env(), hidden.cookie, 'Secret pick');
    env().clock.advance(GRACE_MINUTES * MINUTE_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    const [row] = await notificationsOf(env(), first);
    expect(row!.channel).toBe('digest');
    // The profile turns private before the digest goes out: its pick is not in it.
    await setPublic(env(), hidden.userId, false);
    env().clock.advance(23 * HOUR_MS - GRACE_MINUTES * MINUTE_MS - MINUTE_MS);
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    env().clock.advance(MINUTE_MS);
    await runNotifications(deps(env()));
    const mails = mailsTo(env(), follower.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new picks from the bettors you follow');
    expect(mails[0]!.text).toContain('Digest pick one at +150');
    expect(mails[0]!.text).toContain('Digest pick two at +150');
    expect(mails[0]!.text).not.toContain('Secret pick');
    expect((await notificationsOf(env(), hiddenPick))[0]!.state).toBe('dropped');
    expect(mails[0]!.headers?.['List-Unsubscribe']).toBe(`<${unsubscribeUrl(deps(env()), follower.userId, null)}>`);
  });

  it('sends the daily digest at the hour the follower chose, in their own time zone', async () => {
    const follower = await person(env());
    const bettor = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'digest');
    const put = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'Asia/Tokyo', quietStart: null, quietEnd: null, digestHour: 20 },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(((await put.json()) as NotificationSettings).digestHour).toBe(20);
    // 20:00 in Tokyo (UTC+9) is 11:00 UTC: a pick at 09:00 UTC waits two hours, not until 08:00 there.
    clockAt(env(), tomorrowUtc('09:00'));
    const betId = await recordPick(env(), bettor.cookie, 'Evening digest pick');
    env().clock.advance(GRACE_MINUTES * MINUTE_MS);
    await runNotifications(deps(env()));
    const [row] = await notificationsOf(env(), betId);
    expect(row!.channel).toBe('digest');
    expect(new Date(row!.send_after.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString()).toBe(tomorrowUtc('11:00'));
    clockAt(env(), tomorrowUtc('10:59'));
    await runNotifications(deps(env()));
    expect(mailsTo(env(), follower.email)).toEqual([]);
    clockAt(env(), tomorrowUtc('11:00'));
    await runNotifications(deps(env()));
    const mails = mailsTo(env(), follower.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Evening digest pick at +150');
  });

  it("the digest's hour is 0 to 23 by the database's rule: the API names the field and changes nothing", async () => {
    const follower = await person(env());
    const saved = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'Europe/Paris', quietStart: null, quietEnd: null, digestHour: 23 },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    for (const digestHour of [24, -1]) {
      const refused = await env().request('/api/me/notifications', {
        method: 'PUT',
        cookie: follower.cookie,
        body: { timeZone: 'UTC', quietStart: null, quietEnd: null, digestHour },
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        error: `digestHour: ${DIGEST_HOUR_MESSAGE}`,
        fields: { digestHour: DIGEST_HOUR_MESSAGE },
      });
    }
    const fraction = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'UTC', quietStart: null, quietEnd: null, digestHour: 7.5 },
    });
    expect(fraction.status).toBe(422);
    const settings = (await (
      await env().request('/api/me/notifications', { cookie: follower.cookie })
    ).json()) as NotificationSettings;
    expect([settings.timeZone, settings.digestHour]).toEqual(['Europe/Paris', 23]);
    // The rule is the database's: direct SQL is refused too, and the column's default is the constant.
    await expect(
      env().db.execute(sql`update notification_settings set digest_hour = 24 where user_id = ${follower.userId}`),
    ).rejects.toThrow();
    const [column] = rowsOf<{ column_default: string }>(
      await env().db.execute(
        sql`select column_default from information_schema.columns
            where table_name = 'notification_settings' and column_name = 'digest_hour'`,
      ),
    );
    expect(column!.column_default).toBe(String(DEFAULT_DIGEST_HOUR));
  });

  it('the settings API: choices only for followed public bettors, a known time zone, push only when set up; a refusal changes nothing', async () => {
    const follower = await person(env());
    const bettor = await person(env());
    const stranger = await person(env());
    await follow(env(), follower.cookie, bettor.username, 'email');
    const choose = (username: string, notify: string) =>
      env().request(`/api/me/notifications/bettors/${username}`, {
        method: 'PUT',
        cookie: follower.cookie,
        body: { notify },
      });
    expect((await choose(stranger.username, 'email')).status).toBe(404);
    expect((await choose(bettor.username, 'sms')).status).toBe(422);
    expect((await choose(bettor.username, 'push')).status).toBe(422);
    const badZone = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'Mars/Olympus', quietStart: '22:00', quietEnd: '07:00', digestHour: 8 },
    });
    expect(badZone.status).toBe(422);
    expect(((await badZone.json()) as { fields: Record<string, string> }).fields).toEqual({
      timeZone: 'Unknown time zone',
    });
    const half = await env().request('/api/me/notifications', {
      method: 'PUT',
      cookie: follower.cookie,
      body: { timeZone: 'UTC', quietStart: '22:00', quietEnd: null, digestHour: 8 },
    });
    expect(half.status).toBe(422);
    const settings = (await (
      await env().request('/api/me/notifications', { cookie: follower.cookie })
    ).json()) as NotificationSettings;
    expect(settings).toEqual({
      timeZone: 'UTC',
      quietStart: null,
      quietEnd: null,
      digestHour: DEFAULT_DIGEST_HOUR,
      pushKey: null,
      bettors: [{ username: bettor.username, displayName: null, notify: 'email' }],
    });
    expect((await env().request('/api/me/notifications')).status).toBe(401);
  });
});

/** RFC 8058's one-click POST, as a mail provider sends it: form body, no cookie, no Origin. */
const oneClick = (env: TestEnv, path: string) =>
  env.app.request(
    path,
    {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    { incoming: { socket: { remoteAddress: '203.0.113.9', remotePort: 1, remoteFamily: 'IPv4' } } },
  );

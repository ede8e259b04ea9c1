import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import type { Quotas } from '../../edge/quotas.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import { PROFILE_NOT_FOUND_ERROR } from '../../../shared/profiles.ts';
import {
  DIGEST_HOUR_MESSAGE,
  INVALID_UNSUBSCRIBE_MESSAGE,
  PUSH_NOT_CONFIGURED_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  UNKNOWN_TIME_ZONE_MESSAGE,
} from '../../../shared/notifications.ts';
import {
  notifyChoiceSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  putNotificationSettingsSchema,
} from '../../../shared/notification-schemas.ts';
import { isTimeZone } from './clock.ts';
import {
  deleteSubscription,
  readSettings,
  saveSubscription,
  setChoice,
  unsubscribe,
  writeSettings,
} from './queries.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

export interface NotificationRoutesDeps {
  auth: Auth;
  db: Db;
  quotas: Quotas;
  /** The VAPID public key; null: push is not set up. */
  pushKey: string | null;
}

/**
 * /api/me/notifications and /api/me/push-subscriptions: the signed-in follower's own settings
 * (docs/decisions/045). Every change counts against the write quota. No route takes a user id.
 */
export function notificationRoutes({ auth, db, quotas, pushKey }: NotificationRoutesDeps) {
  return (
    new Hono<AppEnv>()
      // '/notifications/*' matches /notifications itself too: one middleware each, never run twice.
      .use('/notifications/*', requireUser(auth), quotas.writes('changing your notifications'))
      .use('/push-subscriptions', requireUser(auth), quotas.writes('changing your notifications'))
      .get('/notifications', async (c) => c.json(await readSettings(db, c.get('user').id, pushKey), 200))
      .put('/notifications', validate('json', putNotificationSettingsSchema), async (c) => {
        const body = c.req.valid('json');
        if (!isTimeZone(body.timeZone))
          return c.json<ApiError, 422>(
            { error: `timeZone: ${UNKNOWN_TIME_ZONE_MESSAGE}`, fields: { timeZone: UNKNOWN_TIME_ZONE_MESSAGE } },
            422,
          );
        const written = await writeSettings(db, c.get('user').id, body);
        if (!written.ok)
          return c.json<ApiError, 422>(
            { error: `digestHour: ${DIGEST_HOUR_MESSAGE}`, fields: { digestHour: DIGEST_HOUR_MESSAGE } },
            422,
          );
        return c.json(await readSettings(db, c.get('user').id, pushKey), 200);
      })
      .put('/notifications/bettors/:username', validate('json', notifyChoiceSchema), async (c) => {
        const { notify } = c.req.valid('json');
        if (notify === 'push' && !pushKey) return c.json<ApiError, 422>({ error: PUSH_NOT_CONFIGURED_MESSAGE }, 422);
        const username = c.req.param('username');
        if (!(await setChoice(db, c.get('user').id, username, notify)))
          return c.json<ApiError, 404>({ error: PROFILE_NOT_FOUND_ERROR }, 404);
        return c.json({ username: username.toLowerCase(), notify }, 200);
      })
      .post('/push-subscriptions', validate('json', pushSubscriptionSchema), async (c) => {
        if (!pushKey) return c.json<ApiError, 422>({ error: PUSH_NOT_CONFIGURED_MESSAGE }, 422);
        const subscription = c.req.valid('json');
        await saveSubscription(db, c.get('user').id, subscription);
        return c.json({ endpoint: subscription.endpoint }, 201);
      })
      .delete('/push-subscriptions', validate('json', pushUnsubscribeSchema), async (c) => {
        const { endpoint } = c.req.valid('json');
        await deleteSubscription(db, c.get('user').id, endpoint);
        return c.json({ endpoint }, 200);
      })
  );
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${title} · betproof</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111">` +
  `<h1>${title}</h1>${body}</body></html>`;

/**
 * /api/unsubscribe/:token, the link in every notification email (RFC 8058). POST, as the mail
 * client's one-click button sends it (no cookie, no Origin: the signed token is the authority,
 * so same-origin.ts lets it through), unsubscribes at once. GET, as a person's click or a link
 * scanner opens it, changes nothing: it shows a button that POSTs.
 */
export function unsubscribeRoutes({ db, secret }: { db: Db; secret: string }) {
  const invalid = page('Unsubscribe', `<p role="alert">${INVALID_UNSUBSCRIBE_MESSAGE}</p>`);
  return new Hono<AppEnv>()
    .get('/:token', (c) => {
      const token = c.req.param('token');
      if (!readUnsubscribeToken(secret, token)) return c.html(invalid, 404);
      return c.html(
        page(
          'Unsubscribe',
          `<form method="post"><p>Stop these emails from betproof?</p><button type="submit">Unsubscribe</button></form>`,
        ),
        200,
      );
    })
    .post('/:token', async (c) => {
      const target = readUnsubscribeToken(secret, c.req.param('token'));
      if (!target) return c.html(invalid, 404);
      await unsubscribe(db, target.followerId, target.followeeId);
      return c.html(page('Unsubscribed', `<p role="status">${UNSUBSCRIBED_MESSAGE}</p>`), 200);
    });
}

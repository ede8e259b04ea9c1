/**
 * /api/me/notifications, /api/me/push-subscriptions (signed in) and /api/unsubscribe/{token}:
 * modules/notifications/routes.ts (docs/decisions/045).
 */
import { PROFILE_NOT_FOUND_ERROR } from '../../shared/profiles.ts';
import { INVALID_UNSUBSCRIBE_MESSAGE, PUSH_NOT_CONFIGURED_MESSAGE } from '../../shared/notifications.ts';
import {
  notificationSettingsSchema,
  notifyChoiceSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  putNotificationSettingsSchema,
} from '../../shared/notification-schemas.ts';
import {
  apiError,
  errors,
  jsonBody,
  jsonSchema,
  pathParameter,
  quotaRefused,
  ref,
  response,
  says,
  signedIn,
  username,
  type ApiModule,
} from './common.ts';

const activity = 'changing your notifications';
const endpointAnswer = response('The subscription', {
  type: 'object',
  required: ['endpoint'],
  properties: { endpoint: { type: 'string' } },
});
const token = pathParameter('token', 'The signed token of an email’s unsubscribe link.', { type: 'string' });
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const notificationsModule: ApiModule = {
  tag: {
    name: 'Notifications',
    description:
      'Being told of followed bettors’ picks: nothing, an email per pick, a daily digest or a push, sent by a background job after a grace period, outside quiet hours, at most once.',
  },
  schemas: {
    NotificationSettings: jsonSchema(notificationSettingsSchema, 'output'),
    PutNotificationSettings: jsonSchema(putNotificationSettingsSchema, 'input'),
    NotifyChoice: jsonSchema(notifyChoiceSchema, 'input'),
    PushSubscriptionInput: jsonSchema(pushSubscriptionSchema, 'input'),
    PushUnsubscribeInput: jsonSchema(pushUnsubscribeSchema, 'input'),
  },
  paths: {
    '/api/me/notifications': {
      get: {
        operationId: 'getNotificationSettings',
        summary:
          'Your time zone, quiet hours, digest hour, the server’s VAPID key, and your choice per followed public bettor',
        security: signedIn,
        responses: { '200': response('The settings', ref('NotificationSettings')), '401': errors.notAuthenticated },
      },
      put: {
        operationId: 'putNotificationSettings',
        summary:
          'Set your time zone (an IANA name), quiet hours (HH:MM to HH:MM, both or neither) and the local hour of your daily digest (0 to 23)',
        security: signedIn,
        requestBody: jsonBody('PutNotificationSettings'),
        responses: {
          '200': response('The settings as they now are', ref('NotificationSettings')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
          '429': quotaRefused.writes(activity),
        },
      },
    },
    '/api/me/notifications/bettors/{username}': {
      put: {
        operationId: 'chooseNotify',
        summary: 'What you are told of one followed bettor’s picks: none, email, digest or push',
        security: signedIn,
        parameters: [username],
        requestBody: jsonBody('NotifyChoice'),
        responses: {
          '200': response('The choice', {
            type: 'object',
            required: ['username', 'notify'],
            properties: { username: { type: 'string' }, notify: { enum: ['none', 'email', 'digest', 'push'] } },
          }),
          '401': errors.notAuthenticated,
          '404': apiError(`You do not follow this public profile: ${says(PROFILE_NOT_FOUND_ERROR)}`),
          '422': apiError(
            `Invalid choice, or push when the server has no VAPID keys: ${says(PUSH_NOT_CONFIGURED_MESSAGE)}`,
          ),
          '429': quotaRefused.writes(activity),
        },
      },
    },
    '/api/me/push-subscriptions': {
      post: {
        operationId: 'subscribePush',
        summary: 'Hand the server this browser’s PushSubscription (its toJSON()); an endpoint is an https URL',
        security: signedIn,
        requestBody: jsonBody('PushSubscriptionInput'),
        responses: {
          '201': endpointAnswer,
          '401': errors.notAuthenticated,
          '422': apiError(`Invalid subscription, or push is not set up: ${says(PUSH_NOT_CONFIGURED_MESSAGE)}`),
          '429': quotaRefused.writes(activity),
        },
      },
      delete: {
        operationId: 'unsubscribePush',
        summary: 'Forget one of your browsers’ subscriptions',
        security: signedIn,
        requestBody: jsonBody('PushUnsubscribeInput'),
        responses: {
          '200': endpointAnswer,
          '401': errors.notAuthenticated,
          '422': errors.invalid,
          '429': quotaRefused.writes(activity),
        },
      },
    },
    '/api/unsubscribe/{token}': {
      get: {
        operationId: 'unsubscribePage',
        summary: 'The page an email’s unsubscribe link opens: a button that POSTs; changes nothing itself',
        parameters: [token],
        responses: { '200': html('The page'), '404': html(INVALID_UNSUBSCRIBE_MESSAGE) },
      },
      post: {
        operationId: 'unsubscribeOneClick',
        summary:
          'RFC 8058 one-click unsubscribe (List-Unsubscribe=One-Click): that bettor’s emails, or every digest, stop',
        description: 'No session and no Origin needed: the signed token is the authority.',
        parameters: [token],
        responses: { '200': html('Unsubscribed'), '404': html(INVALID_UNSUBSCRIBE_MESSAGE) },
      },
    },
  },
};

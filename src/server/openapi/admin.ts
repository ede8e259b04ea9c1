/**
 * /api/admin (modules/admin/routes.ts) and /api/admin/access (app.ts): administrators only. Every
 * method on every path below /api/admin answers 401 to anonymous callers and 403 to non-admins.
 */
import { z } from 'zod';
import {
  ANALYTICS_WEEKS,
  ISSUE_NOT_FOUND_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  adminAnalyticsSchema,
  adminIssueDetailSchema,
  adminIssuePageSchema,
  adminIssuesQuerySchema,
  adminLogPageSchema,
  adminLogsQuerySchema,
  adminStatsSchema,
  adminUserPageSchema,
  adminUsersQuerySchema,
  setVerificationSchema,
  updateIssueSchema,
  verificationChangeSchema,
} from '../../shared/admin.ts';
import {
  adminOnly,
  apiError,
  errors,
  jsonBody,
  jsonSchema,
  pageAnswers,
  pathParameter,
  queryParameters,
  ref,
  response,
  says,
  signedIn,
  type ApiModule,
} from './common.ts';

const STRICT_QUERY = 'An unknown query parameter answers 422.';

const userId = pathParameter('userId', "The account's id. An id that names no user answers 404.", {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,100}$',
});
const issueId = pathParameter('id', "The issue's id (a UUID). Any other id answers 404.", {
  type: 'string',
  format: 'uuid',
});
const issueNotFound = apiError(`No such issue: ${says(ISSUE_NOT_FOUND_MESSAGE)}`);

export const adminModule: ApiModule = {
  tag: {
    name: 'Admin',
    description:
      'Statistics, users and their verification, the issues inbox, analytics and the audit log. ' +
      'Roles change only through ADMIN_EMAILS and the CLI: no endpoint changes a role.',
  },
  schemas: {
    AdminStats: jsonSchema(adminStatsSchema, 'output'),
    AdminUserPage: jsonSchema(adminUserPageSchema, 'output'),
    SetVerificationInput: jsonSchema(setVerificationSchema, 'input'),
    VerificationChange: jsonSchema(verificationChangeSchema, 'output'),
    AdminIssuePage: jsonSchema(adminIssuePageSchema, 'output'),
    AdminIssueDetail: jsonSchema(adminIssueDetailSchema, 'output'),
    UpdateIssueInput: jsonSchema(updateIssueSchema, 'input'),
    AdminAnalytics: jsonSchema(adminAnalyticsSchema, 'output'),
    AdminLogPage: jsonSchema(adminLogPageSchema, 'output'),
  },
  paths: {
    '/api/admin/access': {
      get: {
        operationId: 'checkAdminAccess',
        summary: 'Confirms on the server that the signed-in user is an admin',
        security: signedIn,
        responses: adminOnly({
          '200': response('An admin', jsonSchema(z.object({ admin: z.literal(true) }), 'output')),
        }),
      },
    },
    '/api/admin/stats': {
      get: {
        operationId: 'getAdminStats',
        summary: 'Users, active users, verification counts, bets and the average win rate',
        security: signedIn,
        responses: adminOnly({ '200': response('The figures', ref('AdminStats')) }),
      },
    },
    '/api/admin/users': {
      get: {
        operationId: 'listUsers',
        summary: 'Users, newest accounts first, searched and filtered by verification status',
        description:
          '`search` matches, in any case, the start of the username, the email, the display name or its second ' +
          `word. ${STRICT_QUERY}`,
        security: signedIn,
        parameters: queryParameters(adminUsersQuerySchema, {
          cursor: "The previous page's `nextCursor` (opaque).",
        }),
        responses: adminOnly(pageAnswers('A page of users and how many match', 'AdminUserPage')),
      },
    },
    '/api/admin/users/{userId}/verification': {
      patch: {
        operationId: 'setUserVerification',
        summary: "Set a user's verification status (verify, decline to unverified, or pending)",
        description: 'A change is written to the audit log; setting the status the user already has changes nothing.',
        security: signedIn,
        parameters: [userId],
        requestBody: jsonBody('SetVerificationInput'),
        responses: adminOnly({
          '200': response('The change', ref('VerificationChange')),
          '404': apiError(`No such user: ${says(USER_NOT_FOUND_MESSAGE)}`),
          '422': errors.invalid,
        }),
      },
    },
    '/api/admin/issues': {
      get: {
        operationId: 'listIssues',
        summary: 'Contact messages and advertiser inquiries, newest first',
        description: STRICT_QUERY,
        security: signedIn,
        parameters: queryParameters(adminIssuesQuerySchema),
        responses: adminOnly(pageAnswers('A page of issues and how many match', 'AdminIssuePage')),
      },
    },
    '/api/admin/issues/{id}': {
      get: {
        operationId: 'getIssue',
        summary: 'One issue with its whole message',
        security: signedIn,
        parameters: [issueId],
        responses: adminOnly({ '200': response('The issue', ref('AdminIssueDetail')), '404': issueNotFound }),
      },
      patch: {
        operationId: 'updateIssue',
        summary: "Change an issue's status, priority or both",
        description: 'Each change is written to the audit log.',
        security: signedIn,
        parameters: [issueId],
        requestBody: jsonBody('UpdateIssueInput'),
        responses: adminOnly({
          '200': response('The updated issue', ref('AdminIssueDetail')),
          '404': issueNotFound,
          '422': errors.invalid,
        }),
      },
    },
    '/api/admin/analytics': {
      get: {
        operationId: 'getAdminAnalytics',
        summary: `The statistics plus sign-ups and bets per week over the last ${ANALYTICS_WEEKS} weeks`,
        security: signedIn,
        responses: adminOnly({ '200': response('Oldest week first', ref('AdminAnalytics')) }),
      },
    },
    '/api/admin/logs': {
      get: {
        operationId: 'listAdminLogs',
        summary: 'The audit log of admin actions, newest first',
        description: STRICT_QUERY,
        security: signedIn,
        parameters: queryParameters(adminLogsQuerySchema),
        responses: adminOnly(pageAnswers('A page of log entries and how many there are', 'AdminLogPage')),
      },
    },
  },
};

/** /api/inbox (modules/inbox/routes.ts): the contact form, advertiser inquiries and the newsletter. */
import { z } from 'zod';
import {
  RATE_LIMITED_MESSAGE,
  advertiserInquirySchema,
  contactMessageSchema,
  newsletterSubscriptionSchema,
} from '../../shared/inbox.ts';
import { INBOX_RATE_LIMITS } from '../modules/inbox/routes.ts';
import {
  API_ERROR,
  errors,
  jsonBody,
  jsonSchema,
  ref,
  response,
  says,
  signedInOrNot,
  type ApiModule,
  type Response,
} from './common.ts';

/** What the handlers answer after storing a message (shared/inbox.ts types it as InboxReceipt). */
const receiptSchema = z.object({ id: z.string(), receivedAt: z.iso.datetime({ offset: true }) });
const subscriptionSchema = z.object({ email: z.string(), subscribed: z.literal(true) });

const per = (ms: number) => (ms === 60 * 1000 ? 'a minute' : ms === 60 * 60 * 1000 ? 'an hour' : `per ${ms} ms`);
const LIMITS = INBOX_RATE_LIMITS.map((rule) => `${rule.max} ${per(rule.windowMs)}`).join(' and ');

const rateLimited: Response = {
  description: `More than ${LIMITS} from one client address for this form: ${says(RATE_LIMITED_MESSAGE)}`,
  headers: {
    'Retry-After': { description: 'Seconds until a new submission is accepted.', schema: { type: 'integer' } },
  },
  content: { 'application/json': { schema: ref(API_ERROR) } },
};

const RATE_LIMIT_NOTE = `Rate-limited per client address and form (${LIMITS}), before the body is read.`;

/** The POST of a message stored for the team (the contact form, an advertiser inquiry). */
const storeMessage = (operationId: string, summary: string, noun: string, body: string) => ({
  post: {
    operationId,
    summary,
    description: `${RATE_LIMIT_NOTE} A signed-in sender's account is recorded with the ${noun}.`,
    security: signedInOrNot,
    requestBody: jsonBody(body),
    responses: {
      '201': response('Stored', ref('InboxReceipt')),
      '422': errors.invalid,
      '429': rateLimited,
    },
  },
});

export const inboxModule: ApiModule = {
  tag: {
    name: 'Inbox',
    description: 'Messages anyone may send: the contact form, advertiser inquiries and newsletter sign-ups.',
  },
  schemas: {
    ContactMessageInput: jsonSchema(contactMessageSchema, 'input'),
    AdvertiserInquiryInput: jsonSchema(advertiserInquirySchema, 'input'),
    NewsletterSubscriptionInput: jsonSchema(newsletterSubscriptionSchema, 'input'),
    InboxReceipt: jsonSchema(receiptSchema, 'output'),
    NewsletterSubscription: jsonSchema(subscriptionSchema, 'output'),
  },
  paths: {
    '/api/inbox/contact': storeMessage(
      'sendContactMessage',
      'Send a message to the team (the contact form)',
      'message',
      'ContactMessageInput',
    ),
    '/api/inbox/advertise': storeMessage(
      'sendAdvertiserInquiry',
      'Send an advertising inquiry',
      'inquiry',
      'AdvertiserInquiryInput',
    ),
    '/api/inbox/newsletter': {
      post: {
        operationId: 'subscribeToNewsletter',
        summary: 'Subscribe an email address to the newsletter',
        description: `${RATE_LIMIT_NOTE} The answer is the same whether or not the address was already subscribed.`,
        requestBody: jsonBody('NewsletterSubscriptionInput'),
        responses: {
          '201': response('Subscribed (the address in lower case)', ref('NewsletterSubscription')),
          '422': errors.invalid,
          '429': rateLimited,
        },
      },
    },
  },
};

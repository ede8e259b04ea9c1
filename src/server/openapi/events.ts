/** /api/events and /api/admin/events (modules/events/routes.ts): the events catalog. */
import { FEED_FORMATS } from '../../shared/events.ts';
import {
  EVENT_FINAL_NEEDS_START_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_RESULT_FINAL_MESSAGE,
  POSTPONED_CANCEL_AFTER_HOURS,
} from '../../shared/events.ts';
import {
  adminEventPageSchema,
  adminEventsQuerySchema,
  correctEventSchema,
  correctedEventSchema,
  eventPageSchema,
  importEventsQuerySchema,
  importEventsRefusalSchema,
  importEventsResultSchema,
  listEventsQuerySchema,
} from '../../shared/event-schemas.ts';
import { EVENTS_IMPORT_MAX_BYTES, EVENTS_IMPORT_TOO_LARGE_MESSAGE } from '../modules/events/routes.ts';
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

export const eventsModule: ApiModule = {
  tag: {
    name: 'Events',
    description:
      'The events catalog: fixtures and results imported from published feeds (docs/FEEDS.md). A bet on a listed ' +
      "event is graded from the event's result by the database (docs/decisions/022); any other is self-reported.",
  },
  schemas: {
    EventPage: jsonSchema(eventPageSchema, 'output'),
    AdminEventPage: jsonSchema(adminEventPageSchema, 'output'),
    ImportEventsResult: jsonSchema(importEventsResultSchema, 'output'),
    ImportEventsRefusal: jsonSchema(importEventsRefusalSchema, 'output'),
    CorrectEventInput: jsonSchema(correctEventSchema, 'input'),
    CorrectedEvent: jsonSchema(correctedEventSchema, 'output'),
  },
  paths: {
    '/api/events': {
      get: {
        operationId: 'listEvents',
        summary: 'Upcoming events a bet can be recorded on, in start order, a page at a time',
        description:
          'Scheduled events starting more than 6 hours from now, each with its markets (every market is graded from ' +
          'the final score) and the best pre-match price the feeds carried for each selection. `q` matches part of ' +
          "either team's or the competition's name. No sign-in needed: the catalog is no one's data.",
        parameters: queryParameters(listEventsQuerySchema, { cursor: "The previous page's `nextCursor` (opaque)." }),
        responses: pageAnswers('A page of events', 'EventPage'),
      },
    },
    '/api/admin/events': {
      get: {
        operationId: 'listAdminEvents',
        summary: "Every event of the catalog, any status, with its score: the admin dashboard's Events tab",
        description:
          'The latest start first (events with no start yet last), `limit` at a time from `offset`. `q` matches part ' +
          "of either team's or the competition's name; `status` keeps one status.",
        security: signedIn,
        parameters: queryParameters(adminEventsQuerySchema),
        responses: adminOnly(pageAnswers('A page of events and how many match', 'AdminEventPage')),
      },
    },
    '/api/admin/events/import': {
      post: {
        operationId: 'importEvents',
        summary: 'Import a fixtures or results file as published, all or nothing, and grade what it settles',
        description:
          `The body is the file itself (${FEED_FORMATS.join(', ')}), UTF-8, at most ` +
          `${EVENTS_IMPORT_MAX_BYTES / (1024 * 1024)} MB (this endpoint has its own limit instead of the API's 64 KB). ` +
          "football-json needs `timezone` (its times are the competition's local time). The same event imported " +
          "twice, or updated by a later file, is one event (the feed's own id). Events that become final grade every " +
          'pending bet and parlay leg on them in the same transaction; cancelled ones void them; postponed ones keep ' +
          `them pending until played, or void them ${POSTPONED_CANCEL_AFTER_HOURS} hours after their latest start ` +
          "(docs/decisions/023). A postponed or cancelled event (an admin's correction) stays so unless the file gives " +
          'it a result or a new start (docs/decisions/063). One bad row refuses the whole file, every bad row named.',
        security: signedIn,
        parameters: queryParameters(importEventsQuerySchema),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'string', description: 'football-json or the-odds-api' } },
            'text/csv': { schema: { type: 'string', description: 'football-data' } },
          },
        },
        responses: adminOnly({
          '200': response('What the file did', ref('ImportEventsResult')),
          '400': response(
            'The file is refused: bad rows (each named in `rows`), an event contradicting a final result, or a file ' +
              'that is empty, not UTF-8 or not of its format. Nothing is stored.',
            ref('ImportEventsRefusal'),
          ),
          '413': apiError(`Over the limit: ${says(EVENTS_IMPORT_TOO_LARGE_MESSAGE)}`),
          '422': errors.invalid,
        }),
      },
    },
    '/api/admin/events/{id}': {
      patch: {
        operationId: 'correctEvent',
        summary: "Correct an event's start, status or score (written to the audit log)",
        description:
          'Making an event final (with its score) or cancelled grades its pending bets and legs, as an import would. ' +
          "A final event's result cannot change: its bets were graded from it and are in the ledger. The answer is the " +
          `event as stored: one postponed ${POSTPONED_CANCEL_AFTER_HOURS} hours or more after its start is cancelled ` +
          '(docs/decisions/023).',
        security: signedIn,
        parameters: [
          pathParameter('id', "The event's id (a UUID). Any other id answers 404.", { type: 'string', format: 'uuid' }),
        ],
        requestBody: jsonBody('CorrectEventInput'),
        responses: adminOnly({
          '200': response('The event as corrected, and how many bets and legs it graded', ref('CorrectedEvent')),
          '404': apiError(`No such event: ${says(EVENT_NOT_FOUND_MESSAGE)}`),
          '409': apiError(`The event is final: ${says(EVENT_RESULT_FINAL_MESSAGE)}`),
          '422': apiError(
            'Invalid input: `error` summarises, `fields` has one message per field (unknown ones included). Making ' +
              `final an event with no start answers on \`startsAt\`: ${says(EVENT_FINAL_NEEDS_START_MESSAGE)}`,
          ),
        }),
      },
    },
  },
};

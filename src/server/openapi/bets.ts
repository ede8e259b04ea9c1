/** /api/bets (modules/bets/routes.ts): the signed-in user's own bets. */
import {
  BET_ALREADY_SETTLED_MESSAGE,
  BET_NOT_FOUND_MESSAGE,
  BET_PART_OF_RECORD_MESSAGE,
  DELETE_WINDOW_PASSED_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_ERROR,
  MIN_EVENT_LEAD_MS,
} from '../../shared/bets.ts';
import {
  betPageSchema,
  betSchema,
  betStatsSchema,
  listBetsQuerySchema,
  recordBetSchema,
  settleBetSchema,
} from '../../shared/bet-schemas.ts';
import { statsQuerySchema } from '../../shared/imports.ts';
import {
  LEG_ALREADY_SETTLED_MESSAGE,
  LEG_NOT_FOUND_MESSAGE,
  PARLAY_ALREADY_SETTLED_MESSAGE,
  PARLAY_MAX_LEGS,
  PARLAY_MIN_LEGS,
  PARLAY_SETTLED_BY_LEGS_MESSAGE,
} from '../../shared/parlays.ts';
import { recordAnyParlayDocSchema } from '../../shared/parlay-schemas.ts';
import { recordListedBetSchema } from '../../shared/event-schemas.ts';
import {
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_NOT_OPEN_MESSAGE,
  EVENT_START_FROM_CATALOG_MESSAGE,
  GRADED_FROM_RESULT_MESSAGE,
  GRADED_LEG_FROM_RESULT_MESSAGE,
} from '../../shared/events.ts';
import {
  apiError,
  errors,
  quotaRefused,
  jsonBody,
  jsonSchema,
  pathParameter,
  queryParameters,
  ref,
  response,
  says,
  signedIn,
  type ApiModule,
} from './common.ts';
import { coolOffLocked } from './wellbeing.ts';

const LEAD_HOURS = MIN_EVENT_LEAD_MS / (60 * 60 * 1000);

const betId = pathParameter('id', "The bet's id (a UUID). Any other user's bet, or a malformed id, answers 404.", {
  type: 'string',
  format: 'uuid',
});

const notFound = apiError(`No bet with this id belongs to the signed-in user: ${says(BET_NOT_FOUND_MESSAGE)}`);

/** `limit` and `cursor`, as GET /api/bets and GET /api/profiles/{username}/bets read them. */
export const betPageParameters = () =>
  queryParameters(listBetsQuerySchema, { cursor: "The previous page's `nextCursor` (opaque)." });

export const betsModule: ApiModule = {
  tag: { name: 'Bets', description: "The signed-in user's bets: record, list, settle, delete, statistics." },
  schemas: {
    Bet: jsonSchema(betSchema, 'output'),
    BetPage: jsonSchema(betPageSchema, 'output'),
    BetStats: jsonSchema(betStatsSchema, 'output'),
    RecordBetInput: jsonSchema(recordBetSchema, 'input'),
    RecordListedBetInput: jsonSchema(recordListedBetSchema, 'input'),
    RecordParlayInput: jsonSchema(recordAnyParlayDocSchema, 'input'),
    SettleBetInput: jsonSchema(settleBetSchema, 'input'),
  },
  paths: {
    '/api/bets': {
      get: {
        operationId: 'listBets',
        summary: "The signed-in user's bets, newest recorded first, a page at a time",
        security: signedIn,
        parameters: betPageParameters(),
        responses: {
          '200': response('A page of bets', ref('BetPage')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
        },
      },
      post: {
        operationId: 'recordBet',
        summary: `Record a bet on an event starting more than ${LEAD_HOURS} hours from now`,
        description:
          'Odds: American (+150, -110, or 150), decimal (2.50) or fractional (5/2). ' +
          `Potential win = stake × decimal odds, rounded to the cent. ` +
          `An event ${LEAD_HOURS} hours or less ahead answers 422 ` +
          `"${EVENT_TOO_SOON_MESSAGE}"; invalid odds answer 422 "${INVALID_ODDS_ERROR}". ` +
          `A body with \`legs\` (${PARLAY_MIN_LEGS}-${PARLAY_MAX_LEGS} of \`{description, sport, odds, eventDate}\`) ` +
          "records a parlay instead: one bet of sport 'parlay' whose stake is `amount`, whose decimal odds are the " +
          "product of the legs' (exactly, then rounded), whose `eventDate` is the earliest leg's start (each leg " +
          `must start more than ${LEAD_HOURS} hours ahead); field errors name the leg, such as \`legs.1.odds\`. ` +
          'A body with `eventId` (RecordListedBetInput: `{ eventId, market, selection, line?, odds, amount }`, the ' +
          'event from GET /api/events) records a **graded** bet: its description, sport and start come from the event ' +
          `(a sent \`eventDate\`, \`description\` or \`sport\` answers 422, e.g. ${says(EVENT_START_FROM_CATALOG_MESSAGE)}), ` +
          "and it is settled from the event's result, never by hand; an event whose start is no longer (or not yet) " +
          "recordable answers 422 on `eventId` (a leg's: `legs.1.eventId`) with the rule its start breaks. " +
          '`market`: moneyline (home, away), 1x2 (home, draw, ' +
          "away), spread (home, away; `line` is the home side's handicap, a whole or half number) or total (over, " +
          "under; `line` ≥ 0). A parlay's legs may be listed the same way (without `amount`), each on a different " +
          'event; a parlay is graded when every leg is listed. Any other bet is **self-reported** (`kind`).',
        security: signedIn,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { oneOf: [ref('RecordBetInput'), ref('RecordListedBetInput'), ref('RecordParlayInput')] },
            },
          },
        },
        responses: {
          '201': response(
            'The recorded bet; with `budget` (a BudgetStanding, the bet included) when the bettor has a budget',
            ref('Bet'),
          ),
          '401': errors.notAuthenticated,
          '409': apiError(
            `The listed event is no longer open (live, final, postponed or cancelled): ${says(EVENT_NOT_OPEN_MESSAGE)}`,
          ),
          '423': coolOffLocked,
          '429': quotaRefused.writes('recording bets'),
          '422': apiError(
            'Invalid input: `error` summarises, `fields` has one message per field (unknown ones included); an ' +
              `\`eventId\` naming no event: ${says(EVENT_NOT_FOUND_MESSAGE)}`,
          ),
        },
      },
    },
    '/api/bets/stats': {
      get: {
        operationId: 'getBetStats',
        summary: "The signed-in user's statistics over all their bets",
        description:
          '`includeImported=true`: with their imported history added (GET /api/bets/imported), the runs and ' +
          'drawdown over both in the order of the games (event start, never settlement); the owner alone sees these figures. That answer is a heavy read: ' +
          'counted with the analytics quota, one at a time per user, kept while the record is unchanged.',
        security: signedIn,
        parameters: queryParameters(statsQuerySchema),
        responses: {
          '200': response(
            'Totals, win rate, ROI and its 95% interval, level-stakes yield, the p-value, drawdown, runs, average odds',
            ref('BetStats'),
          ),
          '401': errors.notAuthenticated,
          // Only with includeImported=true: a heavy read, counted with analytics (modules/imports/routes.ts).
          '429': quotaRefused.heavyRead('analytics', 'asking for your statistics'),
        },
      },
    },
    '/api/bets/{id}': {
      patch: {
        operationId: 'settleBet',
        summary: 'Settle a pending bet as won, lost or void, once its event has started',
        description:
          'Body `{"status":"won"}`, `{"status":"lost"}` or `{"status":"void"}`. Won: profit = potential win − stake. ' +
          'Lost: profit = −stake. Void (a cancelled event or a push, "Void / push"): the stake is returned, profit = 0.00, ' +
          'and the bet counts in `voided` and in no rate. Only a pending bet whose event has started (server clock) ' +
          'can be settled; a settled bet is final, and the settlement is appended to the public ledger.',
        security: signedIn,
        parameters: [betId],
        requestBody: jsonBody('SettleBetInput'),
        responses: {
          '200': response('The settled bet', ref('Bet')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('settling bets'),
          '404': notFound,
          '409': apiError(
            `Already settled (${says(BET_ALREADY_SETTLED_MESSAGE)}), the event has not started ` +
              `(${says('Settle after the event starts: Nov 21, 2026, 8:00 PM UTC')}), or a parlay, ` +
              `which its legs settle (${says(PARLAY_SETTLED_BY_LEGS_MESSAGE)}), or a graded bet, which its event's result ` +
              `settles (${says(GRADED_FROM_RESULT_MESSAGE)})`,
          ),
          '422': errors.invalid,
        },
      },
      delete: {
        operationId: 'deleteBet',
        summary: 'Delete one of your bets within 15 minutes of recording it, before its event starts (a correction)',
        description:
          'Once its event has started, once settled, or 15 minutes after it was recorded, a bet is part of the record ' +
          'and cannot be deleted. A deletion stays in the public ledger and is listed on the profile.',
        security: signedIn,
        parameters: [betId],
        responses: {
          '204': response('Deleted'),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('deleting bets'),
          '404': notFound,
          '409': apiError(
            `Part of the record: ${says(BET_PART_OF_RECORD_MESSAGE)}; a graded bet whose event has started (or is ` +
              `no longer scheduled): ${says(GRADED_FROM_RESULT_MESSAGE)}; recorded more than 15 minutes ago: ` +
              says(DELETE_WINDOW_PASSED_MESSAGE),
          ),
        },
      },
    },
    '/api/bets/{id}/legs/{legId}': {
      patch: {
        operationId: 'settleParlayLeg',
        summary: "Settle one leg of a pending parlay as won, lost or void, once the leg's event has started",
        description:
          'Body as for a bet. The parlay settles itself in the same transaction: lost as soon as a leg is lost; ' +
          "won when every leg is won or void, at the product of the won legs' odds (a void leg counts as 1.00, so " +
          "`decimalOdds`, `potentialWin` and `profitLoss` are recomputed); void when every leg is void. Each leg's " +
          "settlement is appended to the public ledger ('leg-settled'). Answers the parlay with its legs.",
        security: signedIn,
        parameters: [
          betId,
          pathParameter('legId', "The leg's id (a UUID), from the parlay's `legs`.", {
            type: 'string',
            format: 'uuid',
          }),
        ],
        requestBody: jsonBody('SettleBetInput'),
        responses: {
          '200': response('The parlay, with its legs, as it now stands', ref('Bet')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('settling bets'),
          '404': apiError(`No such leg of a parlay of the signed-in user: ${says(LEG_NOT_FOUND_MESSAGE)}`),
          '409': apiError(
            `The leg is settled (${says(LEG_ALREADY_SETTLED_MESSAGE)}), the parlay is (${says(PARLAY_ALREADY_SETTLED_MESSAGE)}), ` +
              `or the leg's event has not started (${says('Settle after the event starts: Nov 21, 2026, 8:00 PM UTC')}); ` +
              `a leg on a listed event is graded from its result (${says(GRADED_LEG_FROM_RESULT_MESSAGE)})`,
          ),
          '422': errors.invalid,
        },
      },
    },
  },
};

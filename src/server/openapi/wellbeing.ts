/** /api/me (modules/wellbeing/routes.ts) and /api/help-resources: the bettor's own wellbeing tools (docs/decisions/034, 035). */
import { COOL_OFF_SHORTER_MESSAGE } from '../../shared/wellbeing.ts';
import { coolOffSchema, putWellbeingSchema, wellbeingCheckSchema } from '../../shared/wellbeing-schemas.ts';
import {
  apiError,
  errors,
  jsonBody,
  jsonSchema,
  quotaRefused,
  ref,
  response,
  says,
  signedIn,
  type ApiModule,
} from './common.ts';

const money = { type: 'string', description: 'A decimal string with two places, e.g. "120.00"' };
const day = { type: 'string', description: 'A UTC calendar day, YYYY-MM-DD' };

const standing = {
  type: 'object',
  description:
    'Where the budget stands in its current period (level: ok under 80% of every limit, near from 80% to the limit, over past any).',
  required: [
    'period',
    'payDay',
    'start',
    'end',
    'daysLeft',
    'staked',
    'stakeLimit',
    'netResult',
    'netLoss',
    'lossLimit',
    'level',
  ],
  properties: {
    period: { enum: ['week', 'month', 'payday'] },
    payDay: { type: ['integer', 'null'] },
    start: day,
    end: { ...day, description: 'The day after the period ends (UTC)' },
    daysLeft: { type: 'integer', description: 'Days to the end, today included' },
    staked: money,
    stakeLimit: { type: ['string', 'null'] },
    netResult: { ...money, description: 'Profit or loss of the bets settled in the period (negative: a loss)' },
    netLoss: money,
    lossLimit: { type: ['string', 'null'] },
    level: { enum: ['ok', 'near', 'over'] },
  },
};

const coolOff = {
  type: 'object',
  required: ['startedAt', 'until'],
  properties: { startedAt: { type: 'string', format: 'date-time' }, until: { type: 'string', format: 'date-time' } },
};

const coolOffRefusal = response('Recording during a cool-off: nothing is recorded; `coolOffUntil` is its end', {
  type: 'object',
  required: ['error', 'coolOffUntil'],
  properties: { error: { type: 'string' }, coolOffUntil: { type: 'string', format: 'date-time' } },
});

/** The 423 of recording during a cool-off, for the bets and import modules. */
export const coolOffLocked = coolOffRefusal;

export const wellbeingModule: ApiModule = {
  tag: {
    name: 'Wellbeing',
    description:
      "The signed-in bettor's own budget, cool-off, reminders and statement choice; nobody else can read them. And where to find help.",
  },
  schemas: {
    BudgetStanding: standing,
    CoolOff: coolOff,
    Wellbeing: {
      type: 'object',
      required: ['budget', 'standing', 'coolOff', 'realityCheckMinutes', 'monthlyStatement'],
      properties: {
        budget: {
          type: ['object', 'null'],
          properties: {
            period: { enum: ['week', 'month', 'payday'] },
            payDay: { type: ['integer', 'null'] },
            stakeLimit: { type: ['string', 'null'] },
            lossLimit: { type: ['string', 'null'] },
          },
        },
        standing: { oneOf: [ref('BudgetStanding'), { type: 'null' }] },
        coolOff: { oneOf: [ref('CoolOff'), { type: 'null' }], description: 'While it lasts; null once ended' },
        realityCheckMinutes: { type: ['integer', 'null'] },
        monthlyStatement: { type: 'boolean' },
      },
    },
    PutWellbeingInput: jsonSchema(putWellbeingSchema, 'input'),
    WellbeingCheckInput: jsonSchema(wellbeingCheckSchema, 'input'),
    CoolOffInput: jsonSchema(coolOffSchema, 'input'),
  },
  paths: {
    '/api/me/wellbeing': {
      get: {
        operationId: 'getWellbeing',
        summary: "The signed-in bettor's budget and where it stands, their cool-off, reminders and statement choice",
        security: signedIn,
        responses: { '200': response('The settings', ref('Wellbeing')), '401': errors.notAuthenticated },
      },
      put: {
        operationId: 'putWellbeing',
        summary:
          'Set the budget (null removes it), the reality check and the monthly statement; settings left out stay',
        security: signedIn,
        requestBody: jsonBody('PutWellbeingInput'),
        responses: {
          '200': response('The settings as they now are', ref('Wellbeing')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
          '429': quotaRefused.writes('changing your settings'),
        },
      },
    },
    '/api/me/wellbeing/check': {
      post: {
        operationId: 'checkBeforeRecording',
        summary: 'What recording a bet of this stake would mean: the budget with it, and the loss-chasing question',
        description:
          'Changes no bet. `lossChase` and `question` are set when the rule of docs/decisions/034 is met: at least 3 bets lost in the last 24 hours and a stake over twice the median of the last 30 (counted, privately).',
        security: signedIn,
        requestBody: jsonBody('WellbeingCheckInput'),
        responses: {
          '200': response('The check', {
            type: 'object',
            required: ['budget', 'budgetWarning', 'lossChase', 'question'],
            properties: {
              budget: { oneOf: [ref('BudgetStanding'), { type: 'null' }] },
              budgetWarning: { type: ['string', 'null'] },
              lossChase: {
                type: ['object', 'null'],
                properties: { recentLosses: { type: 'integer' }, medianStake: money, stake: money },
              },
              question: { type: ['string', 'null'] },
            },
          }),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
          '429': quotaRefused.writes('changing your settings'),
        },
      },
    },
    '/api/me/cool-off': {
      post: {
        operationId: 'startCoolOff',
        summary: 'Pause recording bets for 1, 7, 30 or 182 days; a lasting cool-off can be made longer, never shorter',
        security: signedIn,
        requestBody: jsonBody('CoolOffInput'),
        responses: {
          '200': response('The cool-off', {
            type: 'object',
            required: ['coolOff'],
            properties: { coolOff: ref('CoolOff') },
          }),
          '401': errors.notAuthenticated,
          '409': apiError(
            `It would end earlier than the one lasting: ${says(COOL_OFF_SHORTER_MESSAGE)}, with \`coolOffUntil\``,
          ),
          '422': errors.invalid,
          '429': quotaRefused.writes('changing your settings'),
        },
      },
    },
    '/api/help-resources': {
      get: {
        operationId: 'getHelpResources',
        summary:
          'Help lines, chat, self-exclusion and blocking tools by country, each with its source and the date checked',
        responses: {
          '200': response('The list (HELP_RESOURCES_FILE, else the bundled one)', {
            type: 'object',
            required: ['checked', 'countries', 'everywhere'],
            properties: {
              checked: day,
              countries: { type: 'array', items: { type: 'object' } },
              everywhere: { type: 'array', items: { type: 'object' } },
            },
          }),
          '503': apiError('The configured file could not be read'),
        },
      },
    },
  },
};

import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { jsonText, validate, type ApiError } from '../../edge/http.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import type { Quotas } from '../../edge/quotas.ts';
import {
  BET_ALREADY_SETTLED_MESSAGE,
  BET_NOT_FOUND_MESSAGE,
  BET_PART_OF_RECORD_MESSAGE,
  DELETE_WINDOW_PASSED_MESSAGE,
  EVENT_TOO_SOON_MESSAGE,
  INVALID_ODDS_ERROR,
  settleAfterMessage,
  SPORT_NOT_LISTED_MESSAGE,
} from '../../../shared/bets.ts';
import { listBetsQuerySchema, settleBetSchema } from '../../../shared/bet-schemas.ts';
import { decodeCursor, INVALID_CURSOR } from '../../db/sql.ts';
import { statsQuerySchema } from '../../../shared/imports.ts';
import { statsWithImported } from '../imports/routes.ts';
import { listBets } from './bet-pages.ts';
import { withPositions } from './bet-positions.ts';
import { betStatsText } from './bet-stats.ts';
import { deleteBet, recordBet, recordListedBet, recordParlay, settleBet, settleLeg } from './bet-writes.ts';
import {
  EVENT_NOT_FOUND_MESSAGE,
  EVENT_NOT_OPEN_MESSAGE,
  sideHeldMessage,
  GRADED_FROM_RESULT_MESSAGE,
  GRADED_LEG_FROM_RESULT_MESSAGE,
} from '../../../shared/events.ts';
import {
  LEG_ALREADY_SETTLED_MESSAGE,
  LEG_NOT_FOUND_MESSAGE,
  PARLAY_ALREADY_SETTLED_MESSAGE,
  PARLAY_SETTLED_BY_LEGS_MESSAGE,
} from '../../../shared/parlays.ts';
import { createRecordAnyBetSchema } from '../../../shared/parlay-schemas.ts';
import { refuseDuringCoolOff, withBudgetStanding } from '../wellbeing/recording.ts';

export interface BetRoutesDeps {
  auth: Auth;
  db: Db;
  /** The server's clock: the 6-hour rule, settling and deleting, created_at and settled_at all read it. */
  now: () => Date;
  /** Every write counts against the user's write quota. */
  quotas: Quotas;
}

/** The headline `error` when exactly one field is wrong and the product has words for it. */
const headline = (field: string, message: string): string | undefined => {
  if (field === 'odds') return INVALID_ODDS_ERROR;
  if (field === 'eventDate' && message === EVENT_TOO_SOON_MESSAGE) return EVENT_TOO_SOON_MESSAGE;
  return undefined;
};

const notFound = { error: BET_NOT_FOUND_MESSAGE } as const;

/** What a refused write was doing, in the quota's message ("You're recording bets too fast"). */
const WRITE_ACTIVITY: Record<string, string> = {
  POST: 'recording bets',
  PATCH: 'settling bets',
  DELETE: 'deleting bets',
};

/** /api/bets: every route is scoped to the signed-in owner; another user's bet is a 404. */
export function betRoutes({ auth, db, now, quotas }: BetRoutesDeps) {
  const withImportedHistory = statsWithImported({ db, now, quotas });
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .use(quotas.writes((c) => WRITE_ACTIVITY[c.req.method] ?? 'changing bets'))
    .get('/', validate('query', listBetsQuerySchema), async (c) => {
      const { limit, cursor: cursorText } = c.req.valid('query');
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (cursor === null) {
        return c.json<ApiError, 422>(INVALID_CURSOR, 422);
      }
      const userId = c.get('user').id;
      return jsonText(c, await withPositions(db, userId, await listBets(db, userId, { limit, cursor })), 200);
    })
    .get('/stats', validate('query', statsQuerySchema), withImportedHistory.quota, async (c) => {
      const userId = c.get('user').id;
      // With the owner's imported history only when asked (the dashboard's switch; docs/decisions/009):
      // a heavy read (imports/routes.ts statsWithImported).
      const withImported = c.req.valid('query').includeImported === 'true';
      if (withImported) return c.json(await withImportedHistory.answer(userId), 200);
      return jsonText(c, await betStatsText(db, userId, now()), 200);
    })
    .post('/', refuseDuringCoolOff(db, now), validate('json', createRecordAnyBetSchema(now), headline), async (c) => {
      // A body with `legs` is a parlay (shared/parlays.ts); any other a single bet.
      const input = c.req.valid('json');
      const at = now();
      const result =
        'legs' in input
          ? await recordParlay(db, c.get('user').id, input, at)
          : 'eventId' in input
            ? await recordListedBet(db, c.get('user').id, input, at)
            : await recordBet(db, c.get('user').id, input, at);
      // With the owner's budget standing after it, when they have one (docs/decisions/034).
      if (result.ok) return c.json(await withBudgetStanding(db, c.get('user').id, at, result.bet), 201);
      if (result.reason === 'event-not-found')
        return c.json<ApiError, 422>(
          { error: EVENT_NOT_FOUND_MESSAGE, fields: { [result.field]: EVENT_NOT_FOUND_MESSAGE } },
          422,
        );
      if (result.reason === 'sport-not-listed')
        return c.json<ApiError, 422>(
          { error: SPORT_NOT_LISTED_MESSAGE, fields: { [result.field]: SPORT_NOT_LISTED_MESSAGE } },
          422,
        );
      if (result.reason === 'event-not-open') return c.json<ApiError, 409>({ error: EVENT_NOT_OPEN_MESSAGE }, 409);
      if (result.reason === 'side-held') return c.json<ApiError, 409>({ error: sideHeldMessage(result.held) }, 409);
      if (result.reason === 'event-time') {
        // A listed event's start (named by its eventId), or the database CHECK catching what validation
        // passed (the clock moved on in between).
        return c.json<ApiError, 422>({ error: result.message, fields: { [result.field]: result.message } }, 422);
      }
      return c.json<ApiError, 422>({ error: 'Invalid bet' }, 422);
    })
    .patch('/:id', validate('json', settleBetSchema), async (c) => {
      const { status } = c.req.valid('json');
      const at = now();
      const result = await settleBet(db, c.get('user').id, c.req.param('id'), status, at);
      if (result.ok) return c.json(result.bet, 200);
      if (result.reason === 'already-settled') return c.json({ error: BET_ALREADY_SETTLED_MESSAGE }, 409);
      if (result.reason === 'parlay') return c.json({ error: PARLAY_SETTLED_BY_LEGS_MESSAGE }, 409);
      if (result.reason === 'graded') return c.json({ error: GRADED_FROM_RESULT_MESSAGE }, 409);
      if (result.reason === 'not-started') {
        // The browser words the same rule in the bettor's own time zone; the API has only UTC.
        return c.json({ error: settleAfterMessage(result.eventDate, 'utc') }, 409);
      }
      return c.json(notFound, 404);
    })
    .patch('/:id/legs/:legId', validate('json', settleBetSchema), async (c) => {
      const { status } = c.req.valid('json');
      const at = now();
      const result = await settleLeg(db, c.get('user').id, c.req.param('id'), c.req.param('legId'), status, at);
      if (result.ok) return c.json(result.bet, 200);
      if (result.reason === 'already-settled') return c.json({ error: LEG_ALREADY_SETTLED_MESSAGE }, 409);
      if (result.reason === 'parlay-settled') return c.json({ error: PARLAY_ALREADY_SETTLED_MESSAGE }, 409);
      if (result.reason === 'graded') return c.json({ error: GRADED_LEG_FROM_RESULT_MESSAGE }, 409);
      if (result.reason === 'not-started') return c.json({ error: settleAfterMessage(result.eventDate, 'utc') }, 409);
      return c.json({ error: LEG_NOT_FOUND_MESSAGE }, 404);
    })
    .delete('/:id', async (c) => {
      const result = await deleteBet(db, c.get('user').id, c.req.param('id'), now());
      if (result.ok) return c.body(null, 204);
      if (result.reason === 'part-of-record') return c.json({ error: BET_PART_OF_RECORD_MESSAGE }, 409);
      if (result.reason === 'graded') return c.json({ error: GRADED_FROM_RESULT_MESSAGE }, 409);
      if (result.reason === 'delete-window-passed') return c.json({ error: DELETE_WINDOW_PASSED_MESSAGE }, 409);
      return c.json(notFound, 404);
    });
}

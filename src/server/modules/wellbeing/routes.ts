import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import type { Quotas } from '../../edge/quotas.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import { parseMoney } from '../../../shared/money.ts';
import { budgetWarning, COOL_OFF_SHORTER_MESSAGE, lossChase, lossChaseQuestion } from '../../../shared/wellbeing.ts';
import {
  coolOffSchema,
  putWellbeingSchema,
  wellbeingCheckSchema,
  type CoolOff,
  type WellbeingCheck,
} from '../../../shared/wellbeing-schemas.ts';
import {
  countLossChasePrompt,
  lossChaseFigures,
  readBudgetStanding,
  readWellbeing,
  startCoolOff,
  writeWellbeing,
} from './queries.ts';

export interface WellbeingRoutesDeps {
  auth: Auth;
  db: Db;
  now: () => Date;
  quotas: Quotas;
}

/**
 * /api/me: the signed-in bettor's own wellbeing tools (docs/decisions/034, 035). No route takes a
 * user id: each reads and writes the session's own row, so no other account, follower, visitor or
 * admin can reach them.
 */
export function wellbeingRoutes({ auth, db, now, quotas }: WellbeingRoutesDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth))
      .use(quotas.writes('changing your settings'))
      .get('/wellbeing', async (c) => c.json(await readWellbeing(db, c.get('user').id, now()), 200))
      .put('/wellbeing', validate('json', putWellbeingSchema), async (c) => {
        const at = now();
        await writeWellbeing(db, c.get('user').id, c.req.valid('json'), at);
        return c.json(await readWellbeing(db, c.get('user').id, at), 200);
      })
      // Asked by the record-bet dialog before it records: the budget as if the bet were recorded and,
      // when the loss-chasing rule is met, its question (counted, privately). It changes no bet.
      .post('/wellbeing/check', validate('json', wellbeingCheckSchema), async (c) => {
        const userId = c.get('user').id;
        const at = now();
        const stake = parseMoney(c.req.valid('json').amount)!;
        const [budget, figures] = await Promise.all([
          readBudgetStanding(db, userId, at, stake),
          lossChaseFigures(db, userId, at),
        ]);
        const chase = lossChase(figures.recentLosses, figures.lastStakes, stake);
        if (chase) await countLossChasePrompt(db, userId, at);
        return c.json<WellbeingCheck, 200>(
          {
            budget,
            budgetWarning: budget ? budgetWarning(budget) : null,
            lossChase: chase,
            question: chase ? lossChaseQuestion(chase) : null,
          },
          200,
        );
      })
      .post('/cool-off', validate('json', coolOffSchema), async (c) => {
        const result = await startCoolOff(db, c.get('user').id, c.req.valid('json').days, now());
        if (result.ok) return c.json<{ coolOff: CoolOff }, 200>({ coolOff: result.coolOff }, 200);
        return c.json<ApiError & { coolOffUntil: string }, 409>(
          { error: COOL_OFF_SHORTER_MESSAGE, coolOffUntil: result.until },
          409,
        );
      })
  );
}

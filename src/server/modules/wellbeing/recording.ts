/**
 * What recording a bet has to do with the bettor's wellbeing tools, kept apart from the bets and
 * imports routes so they call one helper each: a cool-off refuses recording (423 with its end,
 * docs/decisions/035), and a recorded bet's answer says where the budget stands.
 */
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../auth/index.ts';
import { coolOffMessage } from '../../../shared/wellbeing.ts';
import type { BudgetAfterBet } from '../../../shared/wellbeing-schemas.ts';
import { activeCoolOffEnd, readBudgetStanding } from './queries.ts';

/** A cool-off's refusal: 423 Locked, with the end as an ISO instant for the client to word. */
export interface CoolOffRefusal {
  error: string;
  coolOffUntil: string;
}

/**
 * After requireUser, before the body is read: a recording (a bet, a parlay, an import) during the
 * owner's cool-off is answered 423 with its end, and changes nothing.
 */
export const refuseDuringCoolOff = (db: Db, now: () => Date) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const until = await activeCoolOffEnd(db, c.get('user').id, now());
    if (until) return c.json<CoolOffRefusal, 423>({ error: coolOffMessage(until), coolOffUntil: until }, 423);
    await next();
  });

/** The bet's answer with the budget's standing after it, when the owner has a budget. */
export async function withBudgetStanding<T extends object>(
  db: Db,
  userId: string,
  at: Date,
  bet: T,
): Promise<T & BudgetAfterBet> {
  const budget = await readBudgetStanding(db, userId, at);
  return budget ? { ...bet, budget } : bet;
}

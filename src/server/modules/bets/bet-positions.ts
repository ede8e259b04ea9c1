/**
 * The positions a page of bets belongs to (bet_positions, migration 0034): an account's bets on one
 * event, market, selection and line count as one pick, and a list shows them as one position with
 * its parts. Read apart from the page (which is kept by record version) and only for a page with a
 * graded single bet: one indexed read of at most a page's positions, each listing at most
 * POSITION_PARTS_LISTED parts (bets_user_event_idx), so a page stays bounded however often a
 * pick was entered.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoText, queryRows, type JsonText } from '../../db/sql.ts';
import { POSITION_PARTS_LISTED, type Bet, type BetPage, type BetPosition } from '../../../shared/bet-schemas.ts';
import { positionKey } from '../../../shared/bets.ts';

/** The positions of more than one bet that these bets belong to, by positionKey. */
export async function positionsOf(db: Db, userId: string, bets: readonly Bet[]): Promise<Map<string, BetPosition>> {
  const found = new Map<string, BetPosition>();
  const keys = new Set(bets.filter((b) => b.legs === null).flatMap((b) => positionKey(b) ?? []));
  if (keys.size === 0) return found;
  const events = [...new Set([...keys].map((k) => k.split('/')[0]!))];
  const rows = await queryRows<{ key: string; position: string }>(
    db,
    sql`select p.event_id || '/' || p.market as key, json_build_object(
          'selection', p.selection, 'line', p.line::float8, 'bets', p.bets, 'stake', p.stake::text,
          'odds', p.odds::text, 'status', p.status, 'profitLoss', p.profit::text,
          'parts', (select coalesce(json_agg(json_build_object('id', b.id, 'createdAt', ${isoText('b.created_at')},
                      'amount', b.amount::text, 'decimalOdds', b.decimal_odds::text,
                      'unitSize', b.unit_size::text) order by b.created_at, b.id), '[]')
                    from (select * from bets b
                          where b.user_id = p.user_id and b.event_id = p.event_id and b.leg_count is null
                            and b.market = p.market and b.selection = p.selection and b.line is not distinct from p.line
                          order by b.created_at, b.id limit ${POSITION_PARTS_LISTED}) b))::text as position
        from bet_positions p
        where p.user_id = ${userId} and p.bets > 1
          and p.event_id in (${sql.join(
            events.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  );
  for (const row of rows) if (keys.has(row.key)) found.set(row.key, JSON.parse(row.position) as BetPosition);
  return found;
}

/** A page with the positions of several bets among it; a page without one goes out as the database wrote it. */
export async function withPositions(db: Db, userId: string, text: JsonText<BetPage>): Promise<JsonText<BetPage>> {
  if (!text.includes('"kind" : "graded"')) return text;
  const page = JSON.parse(text) as BetPage;
  const positions = await positionsOf(db, userId, page.bets);
  if (positions.size === 0) return text;
  return JSON.stringify({ ...page, positions: Object.fromEntries(positions) }) as JsonText<BetPage>;
}

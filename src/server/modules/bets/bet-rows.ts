/**
 * A bet's row as the API's Bet: the one mapping from the bets and bet_legs tables to the answer of
 * a single bet (a recording, a settlement). Pages are written as JSON by the database instead
 * (bet-pages.ts), held to this mapping by page-json.test.ts.
 */
import { asc, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/sql.ts';
import { betLegs, bets } from '../../db/schema/index.ts';
import type { BetSport, Sport } from '../../../shared/bets.ts';
import type { Bet, BetLeg } from '../../../shared/bet-schemas.ts';
import { formatCents, parseMoney } from '../../../shared/money.ts';
import type { Market, Selection } from '../../../shared/events.ts';

/** What a bet's answer is made of: every column but the owner's id (the caller knows it). */
type BetRow = Omit<typeof bets.$inferSelect, 'userId'>;
const { userId: _owner, ...betColumns } = getTableColumns(bets);
export { betColumns };

/** A malformed id names no bet: callers answer 404, and the database never sees it. */
export const isBetId = isUuid;

/** Numeric text from either driver as the API's two-decimal string. */
const money = (value: string): string => {
  const cents = parseMoney(value);
  if (cents === null) throw new Error(`unexpected money value from the database: ${value}`);
  return formatCents(cents);
};

type LegRow = typeof betLegs.$inferSelect;

/** A bet's or leg's kind and listed pick (all null when self-reported). */
const gradedFieldsOf = (
  row: Pick<LegRow, 'eventId' | 'market' | 'selection' | 'line'>,
  graded: boolean,
): Pick<Bet, 'kind' | 'eventId' | 'market' | 'selection' | 'line'> => ({
  kind: graded ? 'graded' : 'self-reported',
  eventId: row.eventId,
  market: row.market as Market | null,
  selection: row.selection as Selection | null,
  line: row.line === null ? null : Number(row.line),
});

const toLeg = (row: LegRow): BetLeg => ({
  id: row.id,
  position: row.position,
  description: row.description,
  sport: row.sport as Sport,
  odds: row.odds,
  decimalOdds: row.decimalOdds,
  eventDate: row.eventDate.toISOString(),
  status: row.status,
  settledAt: row.settledAt?.toISOString() ?? null,
  ...gradedFieldsOf(row, row.eventId !== null),
});

/** A bet as the API answers it; `legs` are a parlay's (in position order), null for a single bet. */
export function toBet(row: BetRow, legs: readonly LegRow[] | null = null): Bet {
  return {
    id: row.id,
    description: row.description,
    amount: money(row.amount),
    odds: row.odds,
    decimalOdds: row.decimalOdds,
    sport: row.betType as BetSport,
    eventDate: row.eventDate.toISOString(),
    status: row.status,
    potentialWin: money(row.potentialWin),
    profitLoss: row.profitLoss === null ? null : money(row.profitLoss),
    settledAt: row.settledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    unitSize: row.unitSize === null ? null : money(row.unitSize),
    legs: row.legCount === null ? null : [...(legs ?? [])].sort((a, b) => a.position - b.position).map(toLeg),
    ...gradedFieldsOf(row, row.graded),
  };
}

/** The legs of the parlays among `rows`, by bet id: one indexed read, none when there is no parlay. */
async function legsOf(db: Db, rows: readonly Pick<BetRow, 'id' | 'legCount'>[]): Promise<Map<string, LegRow[]>> {
  const ids = rows.filter((r) => r.legCount !== null).map((r) => r.id);
  const byBet = new Map<string, LegRow[]>();
  if (ids.length === 0) return byBet;
  const legs = await db.select().from(betLegs).where(inArray(betLegs.betId, ids)).orderBy(asc(betLegs.position));
  for (const leg of legs) byBet.set(leg.betId, [...(byBet.get(leg.betId) ?? []), leg]);
  return byBet;
}

/** Rows as bets, each parlay with its legs. */
export async function toBets(db: Db, rows: readonly BetRow[]): Promise<Bet[]> {
  const legs = await legsOf(db, rows);
  return rows.map((row) => toBet(row, legs.get(row.id) ?? null));
}

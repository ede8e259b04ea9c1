/**
 * What was taken back, for every public row (docs/decisions/041): a bettor's counts of graded,
 * self-reported, void, deleted and overdue bets (one read for a page's users), and the bets they
 * deleted before the start, read from their public ledger.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { profiles, userBetKinds } from '../../db/schema/index.ts';
import { overdueBefore, overdueCountSql } from '../bets/bet-stats.ts';
import { formatCents } from '../../../shared/money.ts';
import { DELETED_LIST_MAX, type DeletedBets, type RecordDisclosure } from '../../../shared/disclosures.ts';

export const NO_DISCLOSURE: RecordDisclosure = { graded: 0, selfReported: 0, voided: 0, deleted: 0, overdue: 0 };

/**
 * The disclosure of each of these users at `now`: their user_bet_kinds and user_bet_stats rows and
 * an overdue count (an index range scan each), in one query. Users without bets get zeros.
 */
export async function disclosuresOf(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, RecordDisclosure>> {
  const found = new Map<string, RecordDisclosure>();
  if (userIds.length === 0) return found;
  const ids = [...new Set(userIds)];
  const rows = await queryRows<RecordDisclosure & { userId: string }>(
    db,
    sql`select u.id as "userId", coalesce(k.graded, 0)::int as graded, coalesce(k.self_reported, 0)::int as "selfReported",
               coalesce(s.voided, 0)::int as voided, coalesce(k.deleted, 0)::int as deleted,
               ${overdueCountSql(sql`u.id`, overdueBefore(now))} as overdue
        from users u
        left join ${userBetKinds} k on k.user_id = u.id
        left join user_bet_stats s on s.user_id = u.id
        where ${inArray(sql`u.id`, ids)}`,
  );
  for (const { userId, ...d } of rows) found.set(userId, d);
  return found;
}

/**
 * A page of public rows with each row's disclosure, by username (one read for the page's users:
 * every public row shows what was voided, deleted, self-reported or left overdue).
 */
export async function withDisclosures<P extends { entries: readonly { username: string }[] }>(
  db: Db,
  page: P,
  now: Date,
): Promise<P & { disclosures: Record<string, RecordDisclosure> }> {
  const usernames = page.entries.map((e) => e.username);
  const disclosures: Record<string, RecordDisclosure> = {};
  if (usernames.length > 0) {
    const owners = await db
      .select({ userId: profiles.userId, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.username, usernames));
    const byUser = await disclosuresOf(
      db,
      owners.map((o) => o.userId),
      now,
    );
    for (const o of owners) disclosures[o.username] = byUser.get(o.userId) ?? NO_DISCLOSURE;
  }
  return { ...page, disclosures };
}

interface LedgerBody {
  bet: { description: string; odds: string; stake: number; eventStart: string };
}

/**
 * The user's bets deleted before their start, newest first (at most DELETED_LIST_MAX), from the
 * deleted entries of their ledger (bet_ledger_deleted_idx), with how many there are in all.
 */
export async function deletedBeforeStart(db: Db, userId: string): Promise<DeletedBets> {
  const rows = await queryRows<{ seq: number; betId: string; at: Date | string; body: string; total: number }>(
    db,
    sql`select seq, bet_id as "betId", at, body, count(*) over ()::int as total
        from bet_ledger where user_id = ${userId} and kind = 'deleted'
        order by seq desc limit ${DELETED_LIST_MAX}`,
  );
  const total = rows[0]?.total ?? 0;
  return {
    total,
    bets: rows.map((r) => {
      const { bet } = JSON.parse(r.body) as LedgerBody;
      return {
        betId: r.betId,
        description: bet.description,
        odds: bet.odds,
        stake: formatCents(BigInt(bet.stake)),
        eventStart: bet.eventStart,
        deletedAt: new Date(r.at).toISOString(),
        seq: r.seq,
      };
    }),
  };
}

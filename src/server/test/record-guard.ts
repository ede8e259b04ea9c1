import { sql, type SQL } from 'drizzle-orm';
import type { TestEnv } from './harness.ts';

/**
 * Runs one statement the record's guard (db/functions/bets_guard_record.sql) refuses
 * by design: re-settling, moving settled_at, changing a settled bet, moving bets to another user,
 * deleting settled or started bets. An operator's repair with the guard off must still leave the
 * summaries right, so the property tests of the summary triggers keep such statements, run this
 * way. Only the guard is turned off, and only around this statement: the summary triggers and the
 * ledger trigger stay on, and the CHECKs still apply.
 *
 * The guard is turned off and on again in the statement's own transaction: if the statement fails,
 * the rollback undoes the DISABLE too (a `finally` could not run the ENABLE in an aborted
 * transaction), and no other connection ever sees the guard off (ALTER TABLE holds its lock until
 * the commit).
 */
export async function withRecordGuardOff(env: Pick<TestEnv, 'db'>, statement: SQL): Promise<void> {
  await env.db.transaction(async (tx) => {
    await tx.execute(sql`alter table bets disable trigger bets_guard_record`);
    await tx.execute(statement);
    await tx.execute(sql`alter table bets enable trigger bets_guard_record`);
  });
}

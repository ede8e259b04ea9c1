import { sql } from 'drizzle-orm';
import type { TestEnv } from './harness.ts';

/**
 * Tables whose rows change on refused requests by design, so a nothing-changed check leaves them
 * out: the rate-limit counters count every request, allowed or not, and a user's quota counts
 * every request it lets through, whatever the handler then answers (a 409, a 422). A request the
 * quota itself refuses changes no row of user_quotas either: quotas.test.ts checks that table too.
 * The rankings' change log (community_changes, docs/decisions/061) notes every statement on the
 * tables the rankings read, one that changed no row too (a refused UPDATE ... WHERE): it says
 * "ask again", never what the record holds.
 */
const COUNTER_TABLES = new Set(['rate_limits', 'inbox_rate_limits', 'user_quotas', 'community_changes']);

export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** Built once: both drivers run the same migrations, so they have the same tables. */
let snapshotQuery: string | undefined;

/**
 * Every app table but the counters, as one comparable value: per table, its row count and an
 * order-independent hash of its rows (the sum of each row's hash), read in one query. Two
 * snapshots are equal when no request in between inserted, updated or deleted a row.
 */
export async function snapshotTables(env: Pick<TestEnv, 'db'>): Promise<Record<string, string>> {
  if (!snapshotQuery) {
    const tables = rowsOf<{ name: string }>(
      await env.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
    ).filter((t) => !COUNTER_TABLES.has(t.name));
    snapshotQuery = tables
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::int as rows,
                  coalesce(sum(hashtextextended(t::text, 0)), 0)::text as hash from "${name}" t`,
      )
      .join(' union all ');
  }
  const result = rowsOf<{ name: string; rows: number; hash: string }>(await env.db.execute(sql.raw(snapshotQuery)));
  return Object.fromEntries(result.map((r) => [r.name, `${r.rows} rows, hash ${r.hash}`]));
}

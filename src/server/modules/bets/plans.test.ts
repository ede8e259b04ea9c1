import { sql, type SQLWrapper } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { decodeCursor, parseJsonText } from '../../db/sql.ts';
import { listBets, selectBetsPage } from './bet-pages.ts';

/**
 * Structural checks (no timings): a page of bets is an index range scan that reads about a page
 * of rows however long the history, and never a sort of the user's whole history.
 */
async function plan(env: TestEnv, query: SQLWrapper): Promise<string> {
  const result = await env.db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describeEachDatabase('bets query plans', (env) => {
  it('pages through the (user_id, created_at desc, id desc) index without sorting', async () => {
    const { userId } = await signUpAndSignIn(env());
    await env().db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at)
      select ${userId}, 'bet ' || g, 10, '2.5', 2.5, 'soccer', c + interval '7 hours', 25, c
      from generate_series(1, 5000) g, lateral (select timestamptz '2026-01-01T00:00:00Z' - g * interval '1 minute' as c) t`);
    await env().db.execute(sql`analyze bets`);

    const first = await plan(env(), selectBetsPage(env().db, userId, { limit: 20 }));
    expect(first).toContain('bets_user_id_created_at_idx');
    expect(first).not.toMatch(/Sort|Seq Scan/);

    const pageAfter = async (cursor?: string | null) =>
      parseJsonText(
        await listBets(env().db, userId, { limit: 20, cursor: cursor ? decodeCursor(cursor)! : undefined }),
      );
    let page = await pageAfter();
    for (let i = 0; i < 3; i++) page = await pageAfter(page.nextCursor);
    const later = await plan(
      env(),
      selectBetsPage(env().db, userId, { limit: 20, cursor: decodeCursor(page.nextCursor!)! }),
    );
    expect(later).toContain('bets_user_id_created_at_idx');
    expect(later).toMatch(/Index Cond: .*created_at <=/);
    expect(later).not.toMatch(/Sort|Seq Scan/);
  });
});

/**
 * The PostgreSQL pool the server opens (db/client.ts): as many connections as DB_POOL_SIZE, and a
 * statement timeout (DB_STATEMENT_TIMEOUT_MS) that cancels a statement running longer, on every
 * connection of the pool, but not on the migrations. PGlite cannot interrupt a statement, which
 * the last test shows (docs/SECURITY.md says so).
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createTarget, type Target } from '../test/live-server.ts';

/** The error code PostgreSQL cancels a statement with (query_canceled), wherever drizzle put it. */
function errorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return undefined;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool and statement timeout', () => {
  let target: Target | undefined;
  afterAll(async () => {
    await target?.dispose();
  });

  it('a fresh database migrates with a 1 ms timeout; then every connection cancels a statement over it', async () => {
    target = await createTarget('postgres');
    // Migrating takes far longer than 1 ms a statement: it runs without the timeout.
    const database = await openDatabase({
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      poolSize: 3,
      statementTimeoutMs: 1,
    });
    try {
      const pool = (database.db as unknown as { $client: Pool }).$client;
      expect(pool.options.max).toBe(3);
      // Three at once: each on its own connection of the pool (one of them the connection the
      // migrations ran on, back in the pool), each cancelled.
      const results = await Promise.allSettled(
        [0, 1, 2].map(() => database.db.execute(sql`select pg_sleep(0.3), pg_backend_pid()`)),
      );
      expect(results.map((r) => (r.status === 'rejected' ? errorCode(r.reason) : 'answered'))).toEqual([
        '57014',
        '57014',
        '57014',
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('PGlite', () => {
  it('cannot cancel a statement: the setting is accepted and a long statement runs to its end', async () => {
    const database = await openDatabase({ dataDir: 'memory://', statementTimeoutMs: 1 });
    try {
      await database.db.execute(sql`set statement_timeout = 50`);
      const started = Date.now();
      await database.db.execute(sql`select pg_sleep(0.3)`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await database.close();
    }
  }, 120_000);
});

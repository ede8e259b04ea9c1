/**
 * What a start does to an existing database (db/client.ts): migrations only when the database is
 * behind, the reserved-username copy put back to the list in TypeScript when it differs, and
 * PGlite's settings (in memory and in a data directory).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RESERVED_USERNAMES } from '../../shared/usernames.ts';
import { migrateIfBehind, openDatabase } from './client.ts';
import { queryRows } from './sql.ts';

const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: { when: number }[] };

describe('a start on an existing database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-startup-checks-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates only a database behind the newest migration', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { db } = database;
      const applied = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]!.n).toBe(journal.entries.length);
      // PGlite's start parameters (pgliteStartParams) are the ones it runs with.
      expect(await queryRows(db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);

      const migrate = vi.fn(async () => {});
      await migrateIfBehind(db, migrate);
      expect(migrate).not.toHaveBeenCalled();

      // The newest migration not yet applied (recorded as an older one): the migrator runs.
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await migrateIfBehind(db, migrate);
      expect(migrate).toHaveBeenCalledTimes(1);

      // A database never migrated: no migrations table at all.
      await db.execute(sql`drop schema drizzle cascade`);
      await migrateIfBehind(db, migrate);
      expect(migrate).toHaveBeenCalledTimes(2);
    } finally {
      await database.close();
    }
  });

  it('puts the reserved usernames back to the list in TypeScript, and leaves a matching copy as it is', async () => {
    const first = await openDatabase({ dataDir });
    expect(await queryRows(first.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    const untouched = await queryRows<{ name: string; xmin: string }>(
      first.db,
      sql`select name, xmin::text from reserved_usernames where name <> ${RESERVED_USERNAMES[0]} order by name`,
    );
    await first.db.execute(sql`delete from reserved_usernames where name = ${RESERVED_USERNAMES[0]}`);
    await first.db.execute(sql`insert into reserved_usernames (name) values ('not_reserved_anymore')`);
    await first.close();

    const second = await openDatabase({ dataDir });
    const names = await queryRows<{ name: string }>(second.db, sql`select name from reserved_usernames order by name`);
    expect(names.map((r) => r.name)).toEqual([...RESERVED_USERNAMES].sort());
    await second.close();

    // Already matching: a start writes nothing (the rows keep the transaction that wrote them).
    const third = await openDatabase({ dataDir });
    const after = await queryRows<{ name: string; xmin: string }>(
      third.db,
      sql`select name, xmin::text from reserved_usernames where name <> ${RESERVED_USERNAMES[0]} order by name`,
    );
    expect(after).toEqual(untouched);
    await third.close();
  }, 60_000);
});

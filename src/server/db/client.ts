import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { notInArray, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { RESERVED_USERNAMES } from '../../shared/usernames.ts';
import type { Logger } from '../logger.ts';

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) produce this: code above db/ never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite (in memory for `memory://`,
 * otherwise file-backed in `dataDir`). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  logger?: Logger;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.logger) : openPglite(opts.dataDir);
}

/** Any number for pg_advisory_lock, as long as every betproof server uses the same one. */
const MIGRATION_LOCK_KEY = 4_711_2024;

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => logger?.error('idle database connection failed', { error: String(err) }));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Servers starting together on one database take turns: one migrates, the others then find
  // nothing to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db as Parameters<typeof migrate>[0], { migrationsFolder });
    await syncReservedUsernames(db);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
  return { db, driver: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite itself lets a second process open the same files (see data-dir-lock.ts).
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(`${dataDir}/pglite`);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    await syncReservedUsernames(db as unknown as Db);
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    };
    return { db: db as unknown as Db, driver: 'pglite', close };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The reserved-username list lives in TypeScript; the sign-up trigger reads this copy of it. */
async function syncReservedUsernames(db: Db) {
  await db.transaction(async (tx) => {
    await tx.delete(schema.reservedUsernames).where(notInArray(schema.reservedUsernames.name, [...RESERVED_USERNAMES]));
    await tx
      .insert(schema.reservedUsernames)
      .values(RESERVED_USERNAMES.map((name) => ({ name })))
      .onConflictDoNothing();
  });
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

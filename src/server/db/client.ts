import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { RESERVED_USERNAMES } from '../../shared/usernames.ts';

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
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  await syncReservedUsernames(database.db);
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(`${dataDir}/pglite`);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** The reserved-username list lives in TypeScript; the sign-up trigger reads this copy of it. */
async function syncReservedUsernames(db: Db) {
  await db.transaction(async (tx) => {
    await tx.delete(schema.reservedUsernames);
    await tx.insert(schema.reservedUsernames).values(RESERVED_USERNAMES.map((name) => ({ name })));
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

import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { notInArray, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import { hasSqlState, queryRows } from './sql.ts';
import { closeListeners } from './notifications.ts';
import { applyFunctionsIfChanged, functionsFolder, type SqlSession } from './functions.ts';
import { adoptDrizzleTextParsers } from './pglite-parsers.ts';
import { keepNamedStatements } from './pglite-statements.ts';
import * as schema from './schema/index.ts';
import { RESERVED_USERNAMES } from '../../shared/usernames.ts';
import type { Logger } from '../lib/logger.ts';

export type { Db, Schema } from './db.ts';
import type { Db } from './db.ts';

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface PostgresOptions {
  /** Connections in the pool (the server passes DB_POOL_SIZE; 10 for scripts and tests). */
  poolSize?: number;
  /**
   * PostgreSQL cancels any statement of the pool's running longer than this (the server passes
   * DB_STATEMENT_TIMEOUT_MS); 0 or unset: never. Migrations run without it. PGlite has no way to
   * interrupt a statement (WebAssembly has no timer signals), so it ignores this.
   */
  statementTimeoutMs?: number;
}

type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  logger?: Logger;
  /** The database functions' files (db/functions.ts); another folder only in tests. */
  functionsFolder?: string;
} & PostgresOptions;

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite (in memory for `memory://`,
 * otherwise file-backed in `dataDir`). Migrations, then the database functions (db/functions.ts),
 * are applied before it is returned.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return (await beginOpeningDatabase(opts)).ready;
}

/**
 * Starts opening the database and answers once it has begun, with `ready`: the opened database.
 * The server loads the rest of its code meanwhile (src/server/index.ts), while PGlite's
 * WebAssembly compiles on V8's own threads (loadPgliteArtifacts), rather than after.
 */
export async function beginOpeningDatabase(opts: OpenOptions): Promise<{ ready: Promise<Database> }> {
  const { ready } = opts.databaseUrl
    ? { ready: openPostgres(opts.databaseUrl, opts, opts.logger) }
    : await beginOpeningPglite(opts.dataDir, opts.functionsFolder ?? functionsFolder);
  // Awaited by the caller later; a failure meanwhile is not "unhandled".
  ready.catch(() => {});
  return { ready };
}

/** Any number for pg_advisory_lock, as long as every betproof server uses the same one. */
export const MIGRATION_LOCK_KEY = 4_711_2024;

async function openPostgres(
  url: string,
  opts: PostgresOptions & { functionsFolder?: string },
  logger?: Logger,
): Promise<Database> {
  const { Pool } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // Sent when each connection starts, so it holds for every statement of every connection.
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => logger?.error('idle database connection failed', { error: String(err) }));
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Servers starting together on one database take turns: one migrates, the others then find
  // nothing to do.
  const lock = await pool.connect();
  try {
    // On this one connection, with no statement timeout: a migration may rightly take long (an
    // index on a big table), and the lock's wait lasts as long as another server's migrating.
    await lock.query('set statement_timeout = 0');
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const migrating = drizzle(lock, { schema }) as unknown as Db;
    const migrated = await migrateIfBehind(migrating, () => migrate(drizzle(lock, { schema }), { migrationsFolder }));
    const session: SqlSession = {
      run: async <T>(text: string) => {
        const result = (await lock.query(text)) as unknown as { rows: T[] } | { rows: T[] }[];
        return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
      },
    };
    await applyFunctionsIfChanged(session, { folder: opts.functionsFolder, force: migrated });
    await syncReservedUsernames(migrating);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    // Back to the pool's own setting before another request may use this connection.
    await lock.query('reset statement_timeout').catch(() => {});
    lock.release();
  }
  const close = async () => {
    await closeListeners(pool);
    await pool.end();
  };
  return { db, driver: 'postgres', close };
}

/**
 * PGlite's start parameters: its own, with PostgreSQL's shared buffers at 32 MB rather than the
 * 128 MB of the postgresql.conf it writes. PGlite sets up the whole pool on the main thread as it
 * starts: at 128 MB that was ~160 of its ~650 ms (bench/RESULTS.md, the startup section). 32 MB is
 * 4,096 pages, and a page not in the pool is in the OS's page cache (file-backed) or in memory.
 */
const pgliteStartParams = (defaults: readonly string[]) => [...defaults, '-c', 'shared_buffers=32MB'];

/**
 * The options every PGlite of ours starts with, the server's and the tests' (loaded from a
 * snapshot): its start parameters, and its WebAssembly and file bundle as this process loaded them.
 */
export async function pgliteOptions() {
  const [{ PGlite }, { pgliteWasmModule, fsBundle }] = await Promise.all([
    import('@electric-sql/pglite'),
    loadPgliteArtifacts(),
  ]);
  return { startParams: pgliteStartParams(PGlite.defaultStartParams), pgliteWasmModule, fsBundle };
}

/** PGlite, once its start is under way: `ready` migrates it and hands it over. */
async function beginOpeningPglite(dataDir: string, functions: string): Promise<{ ready: Promise<Database> }> {
  // Begun at once: the WebAssembly compiles while the server's modules load (loadPgliteArtifacts).
  const options = pgliteOptions();
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite itself lets a second process open the same files (see data-dir-lock.ts).
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const ready = (async () => {
    try {
      const client = inMemory ? new PGlite(await options) : new PGlite(`${dataDir}/pglite`, await options);
      const db = await drizzlePglite(client);
      const migrated = await migrateIfBehind(db as unknown as Db, async () => {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(db, { migrationsFolder });
      });
      const session: SqlSession = {
        run: async <T>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[],
      };
      await applyFunctionsIfChanged(session, { folder: functions, force: migrated });
      await syncReservedUsernames(db as unknown as Db);
      const close = async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      };
      return { db: db as unknown as Db, driver: 'pglite' as const, close };
    } catch (err) {
      unlock();
      throw err;
    }
  })();
  return { ready };
}

/**
 * PGlite's WebAssembly, compiled, and its bundle of PostgreSQL's files, read: begun before anything
 * else, so that the compiling is done on V8's own threads while the server's modules load. Left to
 * PGlite, it began only after the modules had loaded (after steps of PGlite's that each wait for the
 * main thread), and the start waited for it. Read at once rather than in the background: an
 * asynchronous read goes on only when the main thread is free, so it too waited for the modules.
 * Once per process: neither changes, and a process opening several databases (tests) shares them.
 */
let pgliteArtifacts: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
function loadPgliteArtifacts() {
  return (pgliteArtifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const fsBundle = new Blob([readFileSync(path.join(dist, 'pglite.data'))]);
    const pgliteWasmModule = await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm')));
    return { pgliteWasmModule, fsBundle };
  })());
}

/**
 * The app's Db on a PGlite client (the server's, or a test's loaded from a snapshot): once it is
 * ready, its queries run as named statements (pglite-statements.ts) and with Drizzle's text
 * parsers set on it for good (pglite-parsers.ts).
 */
export async function drizzlePglite(client: PGlite) {
  const { drizzle } = await import('drizzle-orm/pglite');
  await client.waitReady;
  keepNamedStatements(client);
  adoptDrizzleTextParsers(client);
  return drizzle(client, { schema });
}

/**
 * The journal time of 0025, the last migration written when migrations still created functions.
 * Those bodies are gone from 0000-0025 (their current definitions are in db/functions/), so a
 * database part way through them would be upgraded by migrations that no longer keep its triggers
 * in step with its tables (docs/decisions/016): it is refused, to be upgraded first by a release
 * from before the change. A new database (nothing applied) and one at 0025 or later are fine.
 */
const LAST_MIGRATION_WITH_FUNCTIONS = 1795581245792;

/**
 * Runs `migrate` (Drizzle's migrator) unless the database already has the newest migration: every
 * restart, where the migrator would read and hash every migration file and make four statements
 * (two of them DDL) to find nothing to do, ~75 ms of a PGlite start. Drizzle's own test: a
 * migration is applied when the newest applied one was created before it. Answers whether it ran.
 */
export async function migrateIfBehind(db: Db, migrate: () => Promise<void>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const applied = await queryRows<{ at: string | null }>(
    db,
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  ).then(
    (rows) => Number(rows[0]?.at ?? 0),
    // A new database: the migrations' own table is not there yet (undefined_table).
    (err: unknown) => {
      if (hasSqlState(err, '42P01')) return 0;
      throw err;
    },
  );
  if (applied > 0 && applied < LAST_MIGRATION_WITH_FUNCTIONS) {
    const at = journal.entries.find((e) => e.when === applied)?.tag ?? `created_at ${applied}`;
    throw new Error(
      `the database is at migration ${at}, before 0025: upgrade it to 0025 with an earlier release first (docs/decisions/016)`,
    );
  }
  if (applied >= newest) return false;
  await migrate();
  return true;
}

/**
 * The reserved-username list lives in TypeScript; the trigger refusing reserved usernames reads this
 * copy. Written only when it differs (a release that changed the list): a start reads it, one query.
 */
async function syncReservedUsernames(db: Db) {
  const stored = await db.select({ name: schema.reservedUsernames.name }).from(schema.reservedUsernames);
  const wanted = new Set<string>(RESERVED_USERNAMES);
  if (stored.length === wanted.size && stored.every((r) => wanted.has(r.name))) return;
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

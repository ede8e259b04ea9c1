/**
 * The app's database handle as a type, below db/client.ts (which opens it) and the modules that
 * client.ts itself uses (sql.ts, notifications.ts): they need the type, not the opening.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) produce this: code above db/ never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

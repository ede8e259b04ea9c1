import type { Db } from './client.ts';

/**
 * A value made once per database handle and dropped with it: mostly a statement prepared once,
 * for the reads every page load makes (drizzle builds their SQL once instead of on every request,
 * a good part of the CPU such a request costs the server, and node-postgres names them, so
 * PostgreSQL parses them once per connection; each prepared name must belong to one statement
 * only), or what a server keeps per database (modules/bets/kept-answers.ts).
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}

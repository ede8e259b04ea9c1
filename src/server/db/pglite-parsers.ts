/**
 * Drizzle hands PGlite its own type parsers with every query: timestamps, intervals, dates and
 * their arrays, and numeric arrays, left as PostgreSQL's text (drizzle-orm/pglite/session.js).
 * PGlite then builds, for that one query, a copy of its whole parser table with them merged in
 * (`{ ...instance.parsers, ...options.parsers }`: some 320 entries under sparse integer keys). For
 * a small query that copy is a good part of its cost: `select 1` through Drizzle, 10,000 in a row,
 * took 0.47–0.60 ms each with it and 0.27–0.35 ms without (three runs each: bench/HISTORY.md).
 *
 * So the same parsers are set on the instance once, and a query that brings exactly Drizzle's set
 * goes without it: PGlite then reads the instance's table as it is. Every answer is what it was
 * (pglite-parsers.test.ts runs the same queries through an untouched client and compares).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/** The type OIDs Drizzle's PGlite driver asks to receive as text (each parser returns its input). */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  1082, // date
  1114, // timestamp
  1115, // timestamp[]
  1182, // date[]
  1184, // timestamptz
  1185, // timestamptz[]
  1186, // interval
  1187, // interval[]
  1231, // numeric[]
];

type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;
type QueryOptions = { parsers?: Parsers } | undefined;
type Query = PGlite['query'];

const asText = (value: string) => value;

/** Whether `parsers` names exactly the types of DRIZZLE_TEXT_TYPES (Drizzle's set, nothing else). */
function isDrizzlesSet(parsers: Parsers): boolean {
  const keys = Object.keys(parsers);
  return keys.length === DRIZZLE_TEXT_TYPES.length && keys.every((key) => DRIZZLE_TEXT_TYPES.includes(Number(key)));
}

function withoutDrizzlesParsers(query: Query): Query {
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(
      text,
      params,
      options?.parsers && isDrizzlesSet(options.parsers) ? { ...options, parsers: undefined } : options,
    )) as Query;
}

/**
 * Gives `client` Drizzle's text parsers for good and lets its queries (and its transactions'
 * queries) skip the per-query merge. Call once the client is ready: PGlite fills in its array
 * types' parsers as it starts, which would overwrite the array entries set before.
 */
export function adoptDrizzleTextParsers(client: PGlite): void {
  const instance = client as unknown as { parsers: Parsers };
  for (const type of DRIZZLE_TEXT_TYPES) instance.parsers[type] = asText;
  client.query = withoutDrizzlesParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(Object.create(tx, { query: { value: withoutDrizzlesParsers(tx.query) } })));
}

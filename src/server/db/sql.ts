/**
 * The database toolkit every module shares: raw-query rows from either driver, JSON columns,
 * timestamps as text, UUIDs, and the keyset cursor of paged lists. One implementation each.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db.ts';

/** The rows of db.execute's result on either driver (PGlite returns them in `rows`, as node-postgres does; a bare array too). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Runs a raw query and answers its rows. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** A JSON column arrives parsed from one driver and as text from another. */
export const jsonColumn = <T>(value: unknown): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * JSON text of a `T`, written by the database (json_build_object and the like) and sent as it is:
 * http.ts's jsonText answers with it, typed as T for the API's typed client.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** The value of a JsonText, for code that reads it rather than sending it on. */
export const parseJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;

/** A timestamp expression as UTC ISO 8601 text to the millisecond, as JavaScript's toISOString prints it. */
export const isoText = (expr: string | SQL): SQL =>
  sql`to_char(${typeof expr === 'string' ? sql.raw(expr) : expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamp expression as UTC text to the microsecond (as PostgreSQL holds it): a cursor loses nothing. */
export const microsText = (expr: string): SQL =>
  sql.raw(`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * The first error in `err`'s cause chain with SQLSTATE `code`, or undefined: Drizzle and the
 * drivers wrap the driver's error in `cause`. The one walk through that chain.
 */
export function sqlErrorIn(err: unknown, code: string): { constraint?: unknown; message?: unknown } | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === code) return e as { constraint?: unknown; message?: unknown };
  return undefined;
}

/**
 * Which of `names` a database error reports as violated, for SQLSTATE `code` ('23505' unique,
 * '23514' check or a rule trigger), or null. A driver that drops the constraint field still names
 * the constraint in the message.
 */
export function violatedConstraint(err: unknown, code: string, names: readonly string[]): string | null {
  const e = sqlErrorIn(err, code);
  if (!e) return null;
  if (typeof e.constraint === 'string') return names.includes(e.constraint) ? e.constraint : null;
  return names.find((name) => typeof e.message === 'string' && e.message.includes(name)) ?? null;
}

/** Whether a database error (or one it wraps) has SQLSTATE `code`. */
export const hasSqlState = (err: unknown, code: string): boolean => sqlErrorIn(err, code) !== undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id names no row: callers answer 404, and the database never sees it. */
export const isUuid = (id: string) => UUID.test(id);

// ---------------------------------------------------------------------------------------------
// Keyset cursors: a list ordered (created_at desc, id desc) continues after the last row's
// created_at, in UTC to the microsecond (a JavaScript Date would lose the last three digits),
// and id. Opaque to clients: base64url of "<time>|<uuid>".

export interface KeysetCursor {
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export const encodeCursor = (cursor: KeysetCursor) =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');

/** The cursor's position, or null when it is not one of ours. */
export function decodeCursor(text: string): KeysetCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !isUuid(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

/** The API's answer to a cursor that decodeCursor refuses (422). */
export const INVALID_CURSOR = { error: 'cursor: Invalid cursor', fields: { cursor: 'Invalid cursor' } };

const PG_TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * A timestamptz as PostgreSQL prints it (ISO DateStyle, in whatever TimeZone the session has) in
 * the cursor's form: UTC, six fraction digits. Converted here rather than by to_char in SQL,
 * which costs more than the rest of a page's columns together on PGlite.
 */
export function cursorTime(text: string): string {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) throw new Error(`unexpected timestamp from the database: ${text}`);
  const [, year, month, day, hours, minutes, seconds, fraction = '', sign, offH, offM = '0', offS = '0'] = m;
  const local = new Date(0);
  local.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  local.setUTCHours(Number(hours), Number(minutes), Number(seconds));
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(offH) * 3600 + Number(offM) * 60 + Number(offS)) * 1000;
  const utc = new Date(local.getTime() - offsetMs).toISOString().slice(0, 19);
  return `${utc}.${fraction.padEnd(6, '0')}Z`;
}

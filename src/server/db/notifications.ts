/**
 * LISTEN on either driver: what a database trigger's pg_notify says, delivered to this process.
 *
 * PGlite is PostgreSQL in this process: a notification is delivered as the statement that
 * committed it returns, so a listener has heard of every change before the next request starts.
 * PostgreSQL delivers it to a connection of its own (one per listener, outside the pool), a moment
 * after the commit; if that connection drops, what was sent meanwhile is lost, so the listener is
 * told (`lost`) and the connection is opened again a second later (`listening` once it is back).
 * Closing the database (client.ts) closes its listeners.
 */
import type pg from 'pg';
import type { Db } from './db.ts';

export interface NotificationHandlers {
  /** A notification's payload. */
  notify(payload: string): void;
  /** LISTEN is in place: from now on every notification arrives. */
  listening(): void;
  /** Notifications may have been missed (the listening connection failed); `listening` follows when it is back. */
  lost(): void;
}

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

const RECONNECT_DELAY_MS = 1000;

/** How a listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'betproof listener';

/** The listening connections of each pool, closed with it (closeListeners). */
interface PoolListeners {
  clients: Set<pg.Client>;
  closed: boolean;
}
const listenersOf = new WeakMap<pg.Pool, PoolListeners>();

/** Listens on `channel` of `db`'s database for as long as the database is open. */
export function listen(db: Db, channel: string, handlers: NotificationHandlers): void {
  const client = (db as unknown as { $client: PgliteListener | pg.Pool }).$client;
  if ('listen' in client) {
    void client.listen(channel, handlers.notify).then(handlers.listening, handlers.lost);
  } else {
    listenOnPostgres(client, channel, handlers);
  }
}

function listenOnPostgres(pool: pg.Pool, channel: string, handlers: NotificationHandlers) {
  const listeners = listenersOf.get(pool) ?? { clients: new Set(), closed: false };
  listenersOf.set(pool, listeners);
  const connect = async () => {
    const { Client } = (await import('pg')).default;
    if (listeners.closed) return;
    // The pool's own connection settings (its size and timeouts mean nothing to one client).
    const client = new Client({ ...pool.options, application_name: LISTENER_NAME });
    listeners.clients.add(client);
    let failed = false;
    const fail = () => {
      if (failed || listeners.closed) return;
      failed = true;
      listeners.clients.delete(client);
      void client.end().catch(() => {});
      handlers.lost();
      setTimeout(() => void connect(), RECONNECT_DELAY_MS).unref();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      if (!failed) handlers.listening();
    } catch {
      fail();
    }
  };
  void connect();
}

/** Ends the listening connections of `pool` (before the pool itself ends). */
export async function closeListeners(pool: pg.Pool): Promise<void> {
  const listeners = listenersOf.get(pool);
  if (!listeners) return;
  listeners.closed = true;
  await Promise.all([...listeners.clients].map((client) => client.end().catch(() => {})));
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

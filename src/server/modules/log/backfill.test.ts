/**
 * The entries that were in the ledger before the log existed: a database at migration 0027 (before
 * the log) with two chains in its ledger is opened by this release. Migration 0028 queues every
 * existing entry once, chain after chain, each in seq order; the sequencer appends them as the log's
 * first leaves; `log_state.backfilled` counts them, and a bet's seal says it was sealed when the log
 * was created. An entry written after the log exists is not backfilled.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { generateSignerKey, parseSignerKey } from '../../../shared/log/note.ts';
import { recordHash, toHex } from '../../../shared/log/tlog.ts';
import { drainLog, readLogState } from './store.ts';
import { sealsOf } from './timestamper.ts';

const migrations = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'betproof-backfill-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before the log: 0000 to 0027 and their journal entries. */
function migrationsBeforeTheLog(): string {
  const folder = path.join(dir, 'migrations');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 27);
  expect(journal.entries.at(-1)!.tag).toBe('0027_events_catalog');
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const file of readdirSync(migrations).filter((f) => f.endsWith('.sql') && Number(f.slice(0, 4)) <= 27)) {
    copyFileSync(path.join(migrations, file), path.join(folder, file));
  }
  return folder;
}

const bet = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const body = (user: string, seq: number) => `{"at":"2026-01-0${seq}T12:00:00.000Z","seq":${seq},"user":"${user}"}`;
const hash = (user: string, seq: number) => toHex(recordHash(new TextEncoder().encode(`${user}${seq}`)));
const line = (user: string, seq: number) => `${body(user, seq).slice(0, -1)},"hash":"${hash(user, seq)}"}`;

it('appends the ledger that predates the log once, chain after chain, and its seals say so', async () => {
  const dataDir = path.join(dir, 'data');
  // The database as the release before the log left it, with two chains in its ledger.
  mkdirSync(dataDir);
  const before = new PGlite(`${dataDir}/pglite`);
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle(before), { migrationsFolder: migrationsBeforeTheLog() });
  await before.exec(`
    insert into users (id, name, email) values ('user-b', 'B', 'b@example.com'), ('user-a', 'A', 'a@example.com');
    insert into bet_ledger (user_id, seq, at, kind, bet_id, body, hash) values
      ('user-b', 1, '2026-01-01T12:00:00Z', 'recorded', '${bet(1)}', '${body('user-b', 1)}', '${hash('user-b', 1)}'),
      ('user-a', 1, '2026-01-01T12:00:00Z', 'recorded', '${bet(2)}', '${body('user-a', 1)}', '${hash('user-a', 1)}'),
      ('user-b', 2, '2026-01-02T12:00:00Z', 'settled', '${bet(1)}', '${body('user-b', 2)}', '${hash('user-b', 2)}'),
      ('user-a', 2, '2026-01-02T12:00:00Z', 'recorded', '${bet(3)}', '${body('user-a', 2)}', '${hash('user-a', 2)}');
  `);
  await before.close();

  // This release opens it: the remaining migrations (0028 queues the ledger), then the sequencer.
  database = await openDatabase({ dataDir });
  const { db } = database;
  const signer = parseSignerKey(generateSignerKey('localhost:3000/log'));
  await drainLog(db, { signer, now: () => new Date(), checkpointEveryMs: 0 });

  const state = await readLogState(db);
  expect(state).toMatchObject({ size: 4, backfilled: 4 });
  const leaves = await queryRows<{ index: string; user_id: string; seq: number; leaf: string }>(
    db,
    sql`select index::text as index, user_id, seq, encode(leaf_hash, 'hex') as leaf from log_leaves order by index`,
  );
  expect(leaves.map((l) => [Number(l.index), l.user_id, l.seq])).toEqual([
    [0, 'user-a', 1],
    [1, 'user-a', 2],
    [2, 'user-b', 1],
    [3, 'user-b', 2],
  ]);
  // Each leaf is the entry's NDJSON line, as for every other entry.
  expect(leaves.map((l) => l.leaf)).toEqual(
    [line('user-a', 1), line('user-a', 2), line('user-b', 1), line('user-b', 2)].map((l) =>
      toHex(recordHash(new TextEncoder().encode(l))),
    ),
  );

  // A bet of user-a's recorded after the log existed: sequenced as usual, and not backfilled.
  await db.execute(
    sql.raw(`insert into bet_ledger (user_id, seq, at, kind, bet_id, body, hash) values
      ('user-a', 3, now(), 'recorded', '${bet(4)}', '${body('user-a', 3)}', '${hash('user-a', 3)}')`),
  );
  await drainLog(db, { signer, now: () => new Date(), checkpointEveryMs: 0 });
  const seals = await sealsOf(db, 'user-a', [bet(2), bet(3), bet(4)]);
  expect(seals.logCreatedAt).toBe(state.createdAt);
  expect(seals.seals.map((s) => [s.betId, s.index, s.backfilled])).toEqual([
    [bet(2), 0, true],
    [bet(3), 1, true],
    [bet(4), 4, false],
  ]);
}, 180_000);

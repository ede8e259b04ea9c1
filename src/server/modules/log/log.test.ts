/**
 * The server's transparency log: every ledger entry appended once, in order, by the sequencer;
 * checkpoints signed with the log's key; proofs and tiles that check against them; the database
 * refusing to change the log; several servers on one database never forking it.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { seedDatabase } from '../../db/seed.ts';
import { queryRows } from '../../db/sql.ts';
import { openCheckpoint, type OpenedCheckpoint } from '../../../shared/log/checkpoint.ts';
import { MemoryLog } from '../../../shared/log/memory-log.ts';
import { generateSignerKey, parseSignerKey, parseVerifierKey } from '../../../shared/log/note.ts';
import { decodeEntryBundle, tilePath, tileWidthAt, TILE_WIDTH } from '../../../shared/log/tiles.ts';
import { checkRecord, checkTree, hashFromHex, recordHash, toHex, type Hash } from '../../../shared/log/tlog.ts';
import type { Consistency, Inclusion, LogKey } from '../../../shared/log/api.ts';
import type { LedgerPage } from '../../../shared/ledger.ts';
import { drainLog, latestCheckpoint, tickLog } from './store.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const signerKey = generateSignerKey('localhost:3000/log');
const signer = parseSignerKey(signerKey);

const tick = (env: TestEnv, checkpointEveryMs = 0) =>
  drainLog(env.db, { signer, now: env.clock.now, checkpointEveryMs });

async function checkpoint(env: TestEnv): Promise<OpenedCheckpoint> {
  const key = (await (await env.request('/api/log/key')).json()) as LogKey;
  const res = await env.request('/log/checkpoint');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return openCheckpoint(await res.text(), parseVerifierKey(key.verifierKey));
}

async function ledgerCount(env: TestEnv): Promise<number> {
  const [row] = await queryRows<{ n: number }>(env.db, sql`select count(*)::int as n from bet_ledger`);
  return row!.n;
}

async function recordBet(env: TestEnv, cookie: string, description = 'Lakers ML') {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description,
      amount: '10',
      odds: '+150',
      sport: 'basketball',
      eventDate: new Date(env.clock.now().getTime() + 7 * HOUR_MS).toISOString(),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The whole log as a mirror reads it: every entry bundle, then the tree rebuilt from them. */
async function mirror(env: TestEnv, size: number): Promise<MemoryLog> {
  const log = new MemoryLog();
  for (let n = 0; n * TILE_WIDTH < size; n++) {
    const width = tileWidthAt('entries', n, size);
    const res = await env.request(`/log/${tilePath({ level: 'entries', n, width })}`);
    expect(res.status).toBe(200);
    for (const entry of decodeEntryBundle(new Uint8Array(await res.arrayBuffer()))) await log.append(entry);
  }
  return log;
}

describeEachDatabase(
  'transparency log',
  (env) => {
    it('takes the newest checkpoint by its size as a number ("99999" sorts after "100000" as text)', async () => {
      const rollback = new Error('rollback');
      await expect(
        env().db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into log_checkpoints (size, note) values (99999, 'a'), (100000, 'b'), (100001, 'c')`,
          );
          expect((await latestCheckpoint(tx as unknown as TestEnv['db']))?.size).toBe(100001);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    });

    it('appends every ledger entry once, signs a checkpoint the key opens, and a mirror rebuilds its root', async () => {
      expect((await env().request('/log/checkpoint')).status).toBe(404);
      await seedDatabase(env().db, { users: 12, bets: 400, seed: 3, now: env().clock.now() });
      const { cookie } = await signUpAndSignIn(env());
      await recordBet(env(), cookie, 'Emoji 🏀 and "quotes"');
      await tick(env());
      const total = await ledgerCount(env());
      expect(total).toBeGreaterThan(TILE_WIDTH * 2);
      const cp = await checkpoint(env());
      expect(cp.size).toBe(total);
      expect(cp.origin).toBe('localhost:3000/log');
      const [pending] = await queryRows<{ n: number }>(env().db, sql`select count(*)::int as n from log_pending`);
      expect(pending!.n).toBe(0);

      const log = await mirror(env(), cp.size);
      expect(toHex(await log.root())).toBe(toHex(cp.root));
      // Each entry is a ledger line exactly as the NDJSON download serves it.
      const lines = new Set(
        (
          await queryRows<{ line: string }>(
            env().db,
            sql`select left(body, -1) || ',"hash":"' || hash || '"}' as line from bet_ledger`,
          )
        ).map((r) => r.line),
      );
      expect(new Set(log.entries.map((e) => new TextDecoder().decode(e)))).toEqual(lines);
    });

    it("each chain's entries are in the log in seq order, and the ledger page carries their indexes", async () => {
      const { cookie } = await signUpAndSignIn(env());
      const me = (await (await env().request('/api/profile', { cookie })).json()) as { username: string };
      for (let i = 0; i < 3; i++) await recordBet(env(), cookie, `bet ${i}`);
      const before = await env().request(`/api/profiles/${me.username}/ledger`, { cookie });
      expect(((await before.json()) as LedgerPage).logIndexes).toEqual([null, null, null]);
      await tick(env());
      const page = (await (
        await env().request(`/api/profiles/${me.username}/ledger`, { cookie })
      ).json()) as LedgerPage;
      const indexes = page.logIndexes!;
      expect(indexes).toHaveLength(3);
      expect(indexes.every((i, k) => typeof i === 'number' && (k === 0 || i > indexes[k - 1]!))).toBe(true);
    });

    it('inclusion proofs by leaf hash check against the checkpoint; unknown leaves and sizes are refused', async () => {
      const { cookie } = await signUpAndSignIn(env());
      const me = (await (await env().request('/api/profile', { cookie })).json()) as { username: string };
      await recordBet(env(), cookie);
      await tick(env());
      const cp = await checkpoint(env());
      const ndjson = await (await env().request(`/api/profiles/${me.username}/ledger.ndjson`, { cookie })).text();
      const line = ndjson.split('\n')[0]!;
      const leaf = recordHash(new TextEncoder().encode(line));
      const res = await env().request(`/api/log/inclusion?leaf=${toHex(leaf)}&size=${cp.size}`);
      expect(res.status).toBe(200);
      const inclusion = (await res.json()) as Inclusion;
      expect(inclusion.size).toBe(cp.size);
      const proof = inclusion.proof.map((h) => hashFromHex(h)!);
      expect(() => checkRecord(proof, cp.size, cp.root, inclusion.index, leaf)).not.toThrow();
      expect(() =>
        checkRecord(proof, cp.size, cp.root, inclusion.index, recordHash(new TextEncoder().encode(`${line} `))),
      ).toThrow();

      expect((await env().request(`/api/log/inclusion?leaf=${'0'.repeat(64)}&size=${cp.size}`)).status).toBe(404);
      expect((await env().request(`/api/log/inclusion?leaf=${toHex(leaf)}&size=${cp.size + 1000}`)).status).toBe(404);
      expect((await env().request(`/api/log/inclusion?leaf=${toHex(leaf)}&size=${inclusion.index}`)).status).toBe(404);
      const bad = await env().request(`/api/log/inclusion?leaf=xyz&size=1`);
      expect(bad.status).toBe(422);
      expect(await bad.json()).toEqual({
        error: 'leaf: leaf must be a leaf hash: 64 hex digits',
        fields: { leaf: 'leaf must be a leaf hash: 64 hex digits' },
      });
    });

    it('consistency proofs between checkpoints check; hash tiles hold the stored hashes, full ones immutable', async () => {
      const old = await checkpoint(env());
      const { cookie } = await signUpAndSignIn(env());
      await recordBet(env(), cookie);
      await recordBet(env(), cookie);
      await tick(env());
      const cp = await checkpoint(env());
      expect(cp.size).toBe(old.size + 2);
      const res = await env().request(`/api/log/consistency?from=${old.size}&to=${cp.size}`);
      const { proof } = (await res.json()) as Consistency;
      const hashes = proof.map((h) => hashFromHex(h)!);
      expect(() => checkTree(hashes, cp.size, cp.root, old.size, old.root)).not.toThrow();
      expect(() => checkTree(hashes, cp.size, cp.root, old.size, cp.root)).toThrow();
      expect((await env().request(`/api/log/consistency?from=${cp.size}&to=${old.size}`)).status).toBe(422);
      expect((await env().request(`/api/log/consistency?from=1&to=${cp.size + 1}`)).status).toBe(404);

      const log = await mirror(env(), cp.size);
      const full = await env().request('/log/tile/0/000');
      expect(full.status).toBe(200);
      expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await full.arrayBuffer());
      expect(bytes.length).toBe(TILE_WIDTH * 32);
      const leafHashes: Hash[] = log.entries.slice(0, TILE_WIDTH).map(recordHash);
      expect(toHex(bytes)).toBe(leafHashes.map(toHex).join(''));
      const entries = await env().request('/log/tile/entries/000');
      expect(entries.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A tile wider than the log is not there yet; a malformed path is no tile.
      const last = Math.floor(cp.size / TILE_WIDTH);
      expect((await env().request(`/log/tile/0/${String(last + 1).padStart(3, '0')}`)).status).toBe(404);
      expect((await env().request('/log/tile/0/0')).status).toBe(404);
    });

    it('the database refuses to change or remove the log', async () => {
      for (const statement of [
        sql`update log_leaves set seq = seq + 1 where index = 0`,
        sql`delete from log_leaves where index = 0`,
        sql`update log_hashes set hash = hash where index = 0`,
        sql`delete from log_checkpoints`,
        sql`truncate log_hashes`,
      ]) {
        await expect(env().db.execute(statement)).rejects.toMatchObject({});
      }
      const [row] = await queryRows<{ n: number }>(
        env().db,
        sql`select count(*)::int as n from log_leaves where index = 0`,
      );
      expect(row!.n).toBe(1);
    });

    it('a server with another key sequences but does not sign; the key served stays the first', async () => {
      const { cookie } = await signUpAndSignIn(env());
      await recordBet(env(), cookie);
      const before = await checkpoint(env());
      const other = parseSignerKey(generateSignerKey('localhost:3000/log'));
      const result = await tickLog(env().db, { signer: other, now: env().clock.now, checkpointEveryMs: 0 });
      expect(result.appended).toBe(1);
      expect(result.checkpoint).toBeNull();
      expect(result.refused).toContain(signer.verifierKey);
      expect(((await (await env().request('/api/log/key')).json()) as LogKey).verifierKey).toBe(signer.verifierKey);
      expect((await checkpoint(env())).size).toBe(before.size);
      await tick(env());
      expect((await checkpoint(env())).size).toBe(before.size + 1);
    });

    it('several sequencers at once (servers sharing the database) append each entry exactly once', async () => {
      const { cookie } = await signUpAndSignIn(env());
      for (let i = 0; i < 6; i++) await recordBet(env(), cookie, `race ${i}`);
      await Promise.all(
        Array.from({ length: 4 }, () =>
          tickLog(env().db, { signer, now: env().clock.now, checkpointEveryMs: 0, batch: 2 }),
        ),
      );
      await tick(env());
      const [counts] = await queryRows<{ leaves: number; distinct_entries: number; max_index: number }>(
        env().db,
        sql`select count(*)::int as leaves, count(distinct (user_id, seq))::int as distinct_entries, max(index)::int as max_index from log_leaves`,
      );
      expect(counts!.leaves).toBe(await ledgerCount(env()));
      expect(counts!.distinct_entries).toBe(counts!.leaves);
      expect(counts!.max_index).toBe(counts!.leaves - 1);
      const cp = await checkpoint(env());
      expect(toHex(await (await mirror(env(), cp.size)).root())).toBe(toHex(cp.root));
    });

    it("erasing an account keeps its leaves (every proof still checks) but not its entries' text (decision 026)", async () => {
      const kept = await signUpAndSignIn(env());
      const gone = await signUpAndSignIn(env());
      await recordBet(env(), gone.cookie, 'to be erased');
      await tick(env());
      const queued = await signUpAndSignIn(env());
      await recordBet(env(), queued.cookie, 'erased before sequencing');
      const before = await checkpoint(env());
      const [leaf] = await queryRows<{ index: string }>(
        env().db,
        sql`select index::text as index from log_leaves where user_id = ${gone.userId}`,
      );
      await env().db.execute(sql`delete from users where id in (${gone.userId}, ${queued.userId})`);
      await recordBet(env(), kept.cookie, 'after the erasure');
      await tick(env());
      const after = await checkpoint(env());
      // The queued entry of the account erased before sequencing never entered the log.
      expect(after.size).toBe(before.size + 1);
      const proof = (await (
        await env().request(`/api/log/consistency?from=${before.size}&to=${after.size}`)
      ).json()) as Consistency;
      expect(() =>
        checkTree(
          proof.proof.map((h) => hashFromHex(h)!),
          after.size,
          after.root,
          before.size,
          before.root,
        ),
      ).not.toThrow();
      const n = Math.floor(Number(leaf!.index) / TILE_WIDTH);
      const width = tileWidthAt('entries', n, after.size);
      const bundle = await env().request(`/log/${tilePath({ level: 'entries', n, width })}`);
      expect(bundle.status).toBe(410);
      expect((await env().request(`/log/${tilePath({ level: 0, n, width })}`)).status).toBe(200);
    });

    it('checkpoints come at most every interval while the log grows', async () => {
      env().clock.freeze();
      const { cookie } = await signUpAndSignIn(env());
      await recordBet(env(), cookie);
      env().clock.advance(5000);
      await drainLog(env().db, { signer, now: env().clock.now, checkpointEveryMs: 5000 });
      const first = (await checkpoint(env())).size;
      await recordBet(env(), cookie);
      await drainLog(env().db, { signer, now: env().clock.now, checkpointEveryMs: 5000 });
      expect((await checkpoint(env())).size).toBe(first);
      env().clock.advance(5000);
      await drainLog(env().db, { signer, now: env().clock.now, checkpointEveryMs: 5000 });
      expect((await checkpoint(env())).size).toBe(first + 1);
    });
  },
  { LOG_SIGNING_KEY: signerKey },
);

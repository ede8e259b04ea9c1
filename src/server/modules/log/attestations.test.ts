/**
 * The log's checkpoints time-stamped by a real TSA (OpenSSL's `openssl ts -reply` over local HTTP)
 * and cosigned by a witness from `betproof witness`: the tokens and cosignatures are stored and
 * served, verify with openssl and with the witness's key; a failing or hanging TSA holds up no
 * checkpoint and is asked again after its backoff.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { startOpensslTsa, type OpensslTsa } from '../../test/openssl-tsa.ts';
import { queryRows, violatedConstraint } from '../../db/sql.ts';
import { createLogger } from '../../lib/logger.ts';
import { createWitness, serveWitness } from '../../../cli/witness.ts';
import { checkCosignature, openCheckpoint } from '../../../shared/log/checkpoint.ts';
import {
  ALG_COSIGNATURE_V1,
  generateSignerKey,
  parseSignerKey,
  parseVerifierKey,
  splitNote,
} from '../../../shared/log/note.ts';
import { certificatesFromPem, checkpointDigest, verifyToken } from '../../../shared/log/timestamp.ts';
import type { Seals, Timestamps } from '../../../shared/log/api.ts';
import { createAttestations, RETRY_FIRST_MS } from './attestations.ts';
import { startLogSequencer } from './sequencer.ts';
import { drainLog, latestCheckpoint } from './store.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const signer = parseSignerKey(generateSignerKey('localhost:3000/log'));
const logVerifier = parseVerifierKey(signer.verifierKey);
const witnessSigner = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));
const logger = createLogger('silent');

let tsa: OpensslTsa;
const dir = mkdtempSync(path.join(tmpdir(), 'betproof-attest-'));
beforeAll(async () => {
  tsa = await startOpensslTsa('Test TSA');
}, 60_000);
afterAll(async () => {
  await tsa.close();
  rmSync(dir, { recursive: true, force: true });
});

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

const sequence = (env: TestEnv) => drainLog(env.db, { signer, now: env.clock.now, checkpointEveryMs: 0 });

let witnesses = 0;
describeEachDatabase('checkpoints time-stamped and witnessed', (env) => {
  // A witness per database: each database holds its own log under the same key, and a witness that
  // has cosigned one would rightly refuse the other as a fork of it.
  let witnessServer: Server;
  let witnessUrl: string;
  beforeAll(async () => {
    const witness = createWitness({
      signer: witnessSigner,
      logs: [logVerifier],
      stateFile: path.join(dir, `witness-${++witnesses}.json`),
      now: () => new Date(),
    });
    witnessServer = await serveWitness(witness, 0);
    witnessUrl = `http://127.0.0.1:${(witnessServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => witnessServer.close(resolve));
  });
  /** This database's witness, as LOG_WITNESSES lists one. */
  const thisWitness = () => ({
    key: witnessSigner.verifierKey,
    verifier: parseVerifierKey(witnessSigner.verifierKey),
    url: witnessUrl,
  });

  it('stamps the newest checkpoint; the token is served and verifies with openssl ts -verify and ours', async () => {
    const attestations = createAttestations({
      db: env().db,
      logger,
      authorities: [tsa.url],
      witnesses: [],
      now: env().clock.now,
    });
    const { cookie } = await signUpAndSignIn(env());
    await recordBet(env(), cookie);
    await sequence(env());
    const checkpoint = (await latestCheckpoint(env().db))!;
    await attestations.round();
    await attestations.stop();

    const res = await env().request(`/api/log/timestamps?size=${checkpoint.size}`);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Timestamps;
    expect(answer.size).toBe(checkpoint.size);
    expect(answer.checkpoint).toBe(checkpoint.note);
    expect(answer.timestamps).toHaveLength(1);
    const [stamp] = answer.timestamps;
    expect(stamp!.authority).toBe(tsa.url);
    expect(stamp!.name).toBe('Test TSA');
    const body = splitNote(checkpoint.note).text;
    const token = new Uint8Array(Buffer.from(stamp!.token, 'base64'));
    expect(tsa.opensslVerify(token, checkpointDigest(body))).toContain('Verification: OK');
    const info = await verifyToken(token, body, certificatesFromPem(tsa.rootPem));
    expect(info.genTime.toISOString()).toBe(stamp!.time);

    // The entry's seal: the smallest stamped checkpoint that holds it.
    const byIndex = (await (
      await env().request(`/api/log/timestamps?index=${checkpoint.size - 1}`)
    ).json()) as Timestamps;
    expect(byIndex.size).toBe(checkpoint.size);
    expect((await env().request(`/api/log/timestamps?index=${checkpoint.size}`)).status).toBe(404);
    expect((await env().request(`/api/log/timestamps?size=${checkpoint.size + 1}`)).status).toBe(404);
    expect((await env().request(`/api/log/timestamps`)).status).toBe(422);
    expect((await env().request(`/api/log/timestamps?size=1&index=0`)).status).toBe(422);

    // Tokens are kept as they were: the database refuses to change or remove one.
    for (const statement of [
      sql`update log_timestamps set tsa_name = 'someone else'`,
      sql`delete from log_timestamps`,
    ]) {
      const refused = await env()
        .db.execute(statement)
        .then(
          () => null,
          (err: unknown) => violatedConstraint(err, '23514', ['log_append_only']),
        );
      expect(refused).toBe('log_append_only');
    }
    const [kept] = await queryRows<{ name: string }>(env().db, sql`select tsa_name as name from log_timestamps`);
    expect(kept!.name).toBe('Test TSA');
  });

  it('a failing or hanging TSA holds up no checkpoint; it is asked again only after its backoff', async () => {
    const attestations = createAttestations({
      db: env().db,
      logger,
      authorities: [tsa.url],
      witnesses: [],
      now: env().clock.now,
    });
    const sequencer = startLogSequencer({
      db: env().db,
      signer,
      logger,
      now: env().clock.now,
      everyMs: 20,
      checkpointEveryMs: 0,
      onCheckpoint: async () => attestations.poke(),
    });
    const { cookie } = await signUpAndSignIn(env());
    const start = (await latestCheckpoint(env().db))?.size ?? 0;
    const checkpointOver = async (size: number) => {
      for (;;) {
        const cp = await latestCheckpoint(env().db);
        if (cp && cp.size > size) return cp;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      tsa.mode = 'hang';
      const asked = tsa.requests();
      await recordBet(env(), cookie, 'first');
      const first = await checkpointOver(start);
      while (tsa.requests() === asked) await new Promise((resolve) => setTimeout(resolve, 20));
      // The TSA has the request and has not answered; the log goes on signing.
      await recordBet(env(), cookie, 'second');
      const second = await checkpointOver(first.size);
      expect(second.size).toBeGreaterThan(first.size);
      const [{ n }] = (await queryRows<{ n: number }>(
        env().db,
        sql`select count(*)::int as n from log_timestamps where size >= ${first.size}`,
      )) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      tsa.mode = 'fail';
      await sequencer.stop();
    }

    // Failing: a round asks, fails, and the next rounds do not ask again until the backoff is over.
    const before = tsa.requests();
    await attestations.stop(); // lets the hanging request time out
    const again = createAttestations({
      db: env().db,
      logger,
      authorities: [tsa.url],
      witnesses: [],
      now: env().clock.now,
    });
    await again.round();
    expect(tsa.requests()).toBe(before + 1);
    await again.round();
    expect(tsa.requests()).toBe(before + 1);
    tsa.mode = 'ok';
    env().clock.advance(RETRY_FIRST_MS);
    await again.round();
    expect(tsa.requests()).toBe(before + 2);
    const newest = (await latestCheckpoint(env().db))!;
    const served = (await (await env().request(`/api/log/timestamps?size=${newest.size}`)).json()) as Timestamps;
    expect(served.timestamps.map((t) => t.name)).toEqual(['Test TSA']);
    // This test's first entry is sealed by the same (newest) checkpoint: its stamp covers all before it.
    const first = (await (await env().request(`/api/log/timestamps?index=${start}`)).json()) as Timestamps;
    expect(first.size).toBe(newest.size);
    await again.stop();
  }, 60_000);

  it('a witness from betproof witness cosigns each checkpoint with its consistency proof; /log/checkpoint carries it', async () => {
    const witness = thisWitness();
    const attestations = createAttestations({
      db: env().db,
      logger,
      authorities: [],
      witnesses: [witness],
      now: env().clock.now,
    });
    const { cookie } = await signUpAndSignIn(env());
    for (let round = 0; round < 2; round++) {
      await recordBet(env(), cookie, `bet ${round}`);
      await sequence(env());
      await attestations.round();
      const note = await (await env().request('/log/checkpoint')).text();
      const cp = openCheckpoint(note, logVerifier);
      expect(cp.size).toBe((await latestCheckpoint(env().db))!.size);
      const cosigned = checkCosignature(cp.text, cp.signatures, witness.verifier);
      expect(cosigned?.timestamp).toBeGreaterThan(0);
      const [row] = await queryRows<{ size: string }>(
        env().db,
        sql`select size::text as size from log_witness_sizes where witness = 'witness.test/w1'`,
      );
      expect(Number(row!.size)).toBe(cp.size);
    }
    await attestations.stop();
  });

  it("a profile's bets carry their seals: the earliest stamp over a checkpoint holding each, and its witnesses", async () => {
    const witness = thisWitness();
    const attestations = createAttestations({
      db: env().db,
      logger,
      authorities: [tsa.url],
      witnesses: [witness],
      now: env().clock.now,
    });
    const { cookie } = await signUpAndSignIn(env());
    const me = (await (await env().request('/api/profile', { cookie })).json()) as { username: string };
    await recordBet(env(), cookie, 'sealed');
    await recordBet(env(), cookie, 'not yet');
    const [sealed, pending] = await queryRows<{ id: string }>(
      env().db,
      sql`select bet_id::text as id from bet_ledger l join profiles p on p.user_id = l.user_id
          where p.username = ${me.username} and kind = 'recorded' order by seq`,
    );
    // The first bet sequenced, stamped and cosigned; the second only queued.
    await env().db.execute(sql`delete from log_pending where id = (select max(id) from log_pending)`);
    await sequence(env());
    await attestations.round();
    await attestations.stop();
    const res = await env().request(`/api/profiles/${me.username}/seals?bets=${sealed!.id},${pending!.id}`, { cookie });
    expect(res.status).toBe(200);
    const seals = (await res.json()) as Seals;
    const newest = (await latestCheckpoint(env().db))!;
    const [stamp] = ((await (await env().request(`/api/log/timestamps?size=${newest.size}`)).json()) as Timestamps)
      .timestamps;
    expect(seals.seals).toEqual([
      {
        betId: sealed!.id,
        index: newest.size - 1,
        sealedAt: stamp!.time,
        authority: 'Test TSA',
        witnesses: 1,
        backfilled: false,
      },
      { betId: pending!.id, index: null, sealedAt: null, authority: null, witnesses: 0, backfilled: false },
    ]);
    expect((await env().request(`/api/profiles/${me.username}/seals?bets=nope`, { cookie })).status).toBe(422);
  });
});

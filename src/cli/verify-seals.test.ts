/**
 * `betproof verify --tsa-roots … --witness …` against a listening server whose checkpoints a real
 * TSA (openssl ts -reply) stamped and a `betproof witness` cosigned: each bet's seal is the TSA's
 * time, not the server's clock (moved two days ahead here); a token from an authority the user did
 * not trust is skipped; a changed token fails with exit 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn } from '../server/test/harness.ts';
import { startOpensslTsa, type OpensslTsa } from '../server/test/openssl-tsa.ts';
import { createAttestations } from '../server/modules/log/attestations.ts';
import { drainLog } from '../server/modules/log/store.ts';
import { createLogger } from '../server/lib/logger.ts';
import { ALG_COSIGNATURE_V1, generateSignerKey, parseSignerKey, parseVerifierKey } from '../shared/log/note.ts';
import type { Timestamps } from '../shared/log/api.ts';
import { describeSeal } from './verify-seals.ts';
import { createWitness, serveWitness } from './witness.ts';
import { HOUR_MS, DAY_MS } from '../shared/time-units.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const signer = parseSignerKey(generateSignerKey('127.0.0.1/log'));
const witnessSigner = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));

function betproof(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/betproof.js', ...args], { cwd: repoRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

const listen = (fetch: (req: Request) => Response | Promise<Response>) =>
  new Promise<{ server: ServerType; origin: string }>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server: s, origin: `http://127.0.0.1:${info.port}` }),
    );
  });

describeEachDatabase('betproof verify --tsa-roots', (env) => {
  let tsa: OpensslTsa;
  let other: OpensslTsa;
  let witnessServer: Server;
  let server: ServerType;
  let liar: ServerType;
  let origin: string;
  let liarOrigin: string;
  let dir: string;
  let username: string;
  let eventStart: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'betproof-verify-seals-'));
    [tsa, other] = await Promise.all([startOpensslTsa('Test TSA'), startOpensslTsa('Other TSA')]);
    writeFileSync(path.join(dir, 'roots.pem'), tsa.rootPem);
    writeFileSync(path.join(dir, 'other.pem'), other.rootPem);
    const witness = createWitness({
      signer: witnessSigner,
      logs: [parseVerifierKey(signer.verifierKey)],
      stateFile: path.join(dir, 'witness.json'),
      now: () => new Date(),
    });
    witnessServer = await serveWitness(witness, 0);
    ({ server, origin } = await listen(env().app.fetch));
    // A server that changes one byte of every token it serves.
    ({ server: liar, origin: liarOrigin } = await listen(async (req) => {
      const res = await env().app.fetch(req);
      if (!new URL(req.url).pathname.endsWith('/api/log/timestamps') || res.status !== 200) return res;
      const body = (await res.json()) as Timestamps;
      for (const t of body.timestamps) {
        const token = Buffer.from(t.token, 'base64');
        token[token.length - 40]! ^= 0x01;
        t.token = token.toString('base64');
      }
      return Response.json(body);
    }));

    // The server's clock two days ahead: the bet says it was recorded in two days.
    env().clock.advance(2 * DAY_MS);
    const { cookie } = await signUpAndSignIn(env());
    username = ((await (await env().request('/api/profile', { cookie })).json()) as { username: string }).username;
    eventStart = new Date(env().clock.now().getTime() + 7 * HOUR_MS).toISOString();
    const res = await env().request('/api/bets', {
      cookie,
      body: { description: 'Arsenal to win', amount: '10', odds: '+150', sport: 'soccer', eventDate: eventStart },
    });
    expect(res.status).toBe(201);
    await drainLog(env().db, { signer, now: env().clock.now, checkpointEveryMs: 0 });
    const attestations = createAttestations({
      db: env().db,
      logger: createLogger('silent'),
      authorities: [tsa.url],
      witnesses: [
        {
          key: witnessSigner.verifierKey,
          verifier: parseVerifierKey(witnessSigner.verifierKey),
          url: `http://127.0.0.1:${(witnessServer.address() as AddressInfo).port}`,
        },
      ],
      now: env().clock.now,
    });
    await attestations.round();
    await attestations.stop();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([
      new Promise((resolve) => server.close(resolve)),
      new Promise((resolve) => liar.close(resolve)),
      new Promise((resolve) => witnessServer.close(resolve)),
      tsa.close(),
      other.close(),
    ]);
    rmSync(dir, { recursive: true, force: true });
  });

  const verify = (base: string, roots: string) =>
    betproof(
      'verify',
      `${base}/${username}`,
      '--log-key',
      signer.verifierKey,
      '--witness',
      witnessSigner.verifierKey,
      '--tsa-roots',
      path.join(dir, roots),
    );

  it("prints each bet's seal: the TSA's time against the event's start, whatever the server's clock said", async () => {
    const result = await verify(origin, 'roots.pem');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const ledger = (await (await env().request(`/api/profiles/${username}/ledger`)).json()) as {
      logIndexes: number[];
    };
    const stamps = (await (
      await env().request(`/api/log/timestamps?index=${ledger.logIndexes[0]}`)
    ).json()) as Timestamps;
    const time = new Date(stamps.timestamps[0]!.time);
    // Sealed now (the TSA's clock), two days and seven hours before the start the server wrote.
    expect(Date.parse(eventStart) - time.getTime()).toBeGreaterThan(2 * DAY_MS + 6 * HOUR_MS);
    const line = `    ${describeSeal({ time, authority: 'Test TSA', size: stamps.size, skipped: 0 }, eventStart)}\n`;
    expect(line).toMatch(/^ {4}sealed \S+Z by Test TSA \(checkpoint of \d+ entries\), 2 d [67] h before/);
    expect(result.stdout).toContain(line);
    expect(result.stdout).toContain('log: cosigned by 1 of 1 witnesses (witness.test/w1 at ');
  });

  it('skips a token whose authority the user does not trust, and fails a changed token', async () => {
    const untrusted = await verify(origin, 'other.pem');
    expect(untrusted.code).toBe(0);
    expect(untrusted.stdout).toContain(
      '    time-stamped by 1 authority(ies) whose root you did not give: not checked\n',
    );
    const changed = await verify(liarOrigin, 'roots.pem');
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(/^FAILED log: a time-stamp over the checkpoint of \d+ entries: /);
  });
});

describe('the seal line', () => {
  const seal = { time: new Date('2026-11-28T13:02:00.000Z'), authority: 'Test TSA', size: 1181, skipped: 0 };
  it('says how long before the start the bet was sealed, or plainly that it was after', () => {
    expect(describeSeal(seal, '2026-11-28T19:00:00.000Z')).toBe(
      'sealed 2026-11-28T13:02:00.000Z by Test TSA (checkpoint of 1181 entries), 5 h 58 min before the event starts',
    );
    expect(describeSeal(seal, '2026-11-30T13:03:00.000Z')).toBe(
      'sealed 2026-11-28T13:02:00.000Z by Test TSA (checkpoint of 1181 entries), 2 d before the event starts',
    );
    expect(describeSeal({ ...seal, skipped: 1 }, '2026-11-28T12:00:00.000Z')).toBe(
      'sealed 2026-11-28T13:02:00.000Z by Test TSA (checkpoint of 1181 entries), 1 h 2 min AFTER the event started (1 token(s) from authorities not in your roots skipped)',
    );
    expect(describeSeal({ ...seal, time: new Date(NaN), skipped: 2 }, '2026-11-28T19:00:00.000Z')).toBe(
      'time-stamped by 2 authority(ies) whose root you did not give: not checked',
    );
  });
});

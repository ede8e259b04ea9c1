/**
 * `betproof verify --log-key …` against a listening server (the real bin, as a follower runs it):
 * every entry proven in the signed checkpoint, a saved checkpoint extended, too few witness
 * cosignatures refused, and a server that shows a forked history caught both by its witness and by
 * a follower holding an earlier checkpoint.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../server/test/harness.ts';
import { createAttestations } from '../server/modules/log/attestations.ts';
import { drainLog } from '../server/modules/log/store.ts';
import { createLogger } from '../server/lib/logger.ts';
import { addSignatures, checkpointText } from '../shared/log/checkpoint.ts';
import { MemoryLog } from '../shared/log/memory-log.ts';
import {
  ALG_COSIGNATURE_V1,
  generateSignerKey,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  splitNote,
} from '../shared/log/note.ts';
import { proveRecord, proveTree, recordHash, toHex } from '../shared/log/tlog.ts';
import { addCheckpointBody } from '../shared/log/witness-protocol.ts';
import { createWitness, serveWitness } from './witness.ts';
import { HOUR_MS } from '../shared/time-units.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const signerKey = generateSignerKey('127.0.0.1/log');
const signer = parseSignerKey(signerKey);
const witnessSigner = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));

function betproof(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/betproof.js', ...args], { cwd: repoRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

async function recordBet(env: TestEnv, cookie: string, description: string) {
  const res = await env.request('/api/bets', {
    cookie,
    body: {
      description,
      amount: '10',
      odds: '+150',
      sport: 'soccer',
      eventDate: new Date(env.clock.now().getTime() + 7 * HOUR_MS).toISOString(),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const sequence = (env: TestEnv) => drainLog(env.db, { signer, now: env.clock.now, checkpointEveryMs: 0 });

describeEachDatabase(
  'betproof verify --log-key',
  (env) => {
    let server: ServerType;
    let origin: string;
    let dir: string;
    let username: string;
    let cookie: string;
    let witnessServer: Server;
    let witnessUrl: string;

    beforeAll(async () => {
      ({ server, origin } = await new Promise<{ server: ServerType; origin: string }>((resolve) => {
        const s = serve({ fetch: env().app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
          resolve({ server: s, origin: `http://127.0.0.1:${info.port}` }),
        );
      }));
      dir = mkdtempSync(path.join(tmpdir(), 'betproof-verify-log-'));
      // A witness per database: each database holds its own log under the same key.
      const witness = createWitness({
        signer: witnessSigner,
        logs: [parseVerifierKey(signer.verifierKey)],
        stateFile: path.join(dir, 'witness.json'),
        now: () => new Date(),
      });
      witnessServer = await serveWitness(witness, 0);
      witnessUrl = `http://127.0.0.1:${(witnessServer.address() as AddressInfo).port}`;
      // Someone else's bet first: the log's entry 0, which the split-view test's liar rewrites.
      await recordBet(env(), (await signUpAndSignIn(env())).cookie, 'Someone else');
      ({ cookie } = await signUpAndSignIn(env()));
      username = ((await (await env().request('/api/profile', { cookie })).json()) as { username: string }).username;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => witnessServer.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    });

    it('proves every entry in the signed checkpoint, saves it, and later checks the log only grew', async () => {
      await recordBet(env(), cookie, 'Arsenal to win');
      await recordBet(env(), cookie, 'Chelsea to win');
      await sequence(env());
      const saved = path.join(dir, 'checkpoint.txt');
      const first = await betproof(
        'verify',
        `${origin}/${username}`,
        '--log-key',
        signer.verifierKey,
        '--save-checkpoint',
        saved,
      );
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      const size = Number(readFileSync(saved, 'utf8').split('\n')[1]);
      expect(first.stdout).toContain(`log: checkpoint of ${size} entries signed by 127.0.0.1/log`);
      expect(first.stdout).toContain('log: 2 of 2 entries proven included\n');
      expect(first.stdout).toMatch(
        / {2}bet [0-9a-f-]{36}: recorded \S+Z, event starts \S+Z; in the log at index \d+\n/,
      );

      await recordBet(env(), cookie, 'Spurs to win');
      const pending = await betproof(
        'verify',
        `${origin}/${username}`,
        '--log-key',
        signer.verifierKey,
        '--since-checkpoint',
        saved,
      );
      expect(pending.code).toBe(0);
      expect(pending.stdout).toContain('log: 2 of 3 entries proven included; the last 1 are newer than the checkpoint');
      expect(pending.stdout).toContain(
        `log: consistent with the saved checkpoint of ${size} entries; 0 appended since`,
      );

      await sequence(env());
      const later = await betproof(
        'verify',
        `${origin}/${username}`,
        '--log-key',
        signer.verifierKey,
        '--since-checkpoint',
        saved,
      );
      expect(later.code).toBe(0);
      expect(later.stdout).toContain(`log: consistent with the saved checkpoint of ${size} entries; 1 appended since`);
      expect(later.stdout).toContain('log: 3 of 3 entries proven included\n');
    });

    it('the single-file build runs with plain Node, outside the checkout, and checks the same', async () => {
      const bundle = path.join(dir, 'betproof-verify.mjs');
      await new Promise<void>((resolve, reject) =>
        execFile(process.execPath, ['scripts/build-verifier.mjs', bundle], { cwd: repoRoot }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
      const result = await new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(
          process.execPath,
          [bundle, 'verify', `${origin}/${username}`, '--log-key', signer.verifierKey],
          { cwd: dir },
          (err, stdout) => resolve({ code: err ? Number(err.code) : 0, stdout }),
        ),
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('log: 3 of 3 entries proven included\n');
    }, 60_000);

    it('another pinned key: exit 1, the checkpoint does not verify', async () => {
      const other = parseSignerKey(generateSignerKey('127.0.0.1/log'));
      const result = await betproof('verify', `${origin}/${username}`, '--log-key', other.verifierKey);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^FAILED log: the log's checkpoint does not verify with the pinned key: the note is not signed by 127\.0\.0\.1\/log\+/,
      );
    });

    it('bad log options: exit 2 with the reason', async () => {
      const noKey = await betproof('verify', `${origin}/${username}`, '--witnesses-needed', '1');
      expect(noKey.code).toBe(2);
      expect(noKey.stderr).toContain('betproof: the log options need --log-key');
      const notKey = await betproof('verify', `${origin}/${username}`, '--log-key', 'nope');
      expect(notKey.code).toBe(2);
      expect(notKey.stderr).toContain('betproof: --log-key: a verifier key is <name>+<key ID>+<base64 key>');
    });

    it('too few witness cosignatures: exit 1, saying how many of how many', async () => {
      await sequence(env());
      const other = parseSignerKey(generateSignerKey('witness.test/w2', ALG_COSIGNATURE_V1));
      const result = await betproof(
        'verify',
        `${origin}/${username}`,
        '--log-key',
        signer.verifierKey,
        '--witness',
        witnessSigner.verifierKey,
        '--witness',
        other.verifierKey,
        '--witnesses-needed',
        '1',
      );
      expect(result.stderr).toBe('FAILED log: only 0 of the 1 witness cosignatures needed are on the checkpoint\n');
      expect(result.code).toBe(1);
    });

    it('split view: a server showing a forked history is caught by its witness and by a follower holding an earlier checkpoint', async () => {
      await sequence(env());
      // The log's witness cosigns the honest checkpoint, as LOG_WITNESSES has the server ask it.
      const attestations = createAttestations({
        db: env().db,
        logger: createLogger('silent'),
        authorities: [],
        witnesses: [
          { key: witnessSigner.verifierKey, verifier: parseVerifierKey(witnessSigner.verifierKey), url: witnessUrl },
        ],
        now: env().clock.now,
      });
      await attestations.round();
      await attestations.stop();
      const saved = path.join(dir, 'honest.txt');
      const honestView = await betproof(
        'verify',
        `${origin}/${username}`,
        '--log-key',
        signer.verifierKey,
        '--witness',
        witnessSigner.verifierKey,
        '--save-checkpoint',
        saved,
      );
      expect(honestView.stderr).toBe('');
      expect(honestView.code).toBe(0);
      expect(honestView.stdout).toContain('log: cosigned by 1 of 1 witnesses (witness.test/w1 at ');
      const honestNote = await (await env().request('/log/checkpoint')).text();

      // The same operator, same key, shows this follower another history: every entry as it is,
      // but one early entry of someone else's replaced, and the tree re-signed.
      const ndjson = await (await env().request(`/api/profiles/${username}/ledger.ndjson`)).text();
      const honest = new MemoryLog();
      const bundle = await (
        await env().request(`/log/tile/entries/000.p/${Number(readFileSync(saved, 'utf8').split('\n')[1])}`)
      ).arrayBuffer();
      const { decodeEntryBundle } = await import('../shared/log/tiles.ts');
      const entries = decodeEntryBundle(new Uint8Array(bundle));
      const forked = new MemoryLog();
      for (const [i, e] of entries.entries()) {
        await honest.append(e);
        await forked.append(i === 0 ? new TextEncoder().encode('{"rewritten":true}') : e);
      }
      const size = forked.size;
      const forkedNote = signNote(checkpointText({ origin: signer.name, size, root: await forked.root() }), signer);

      // The witness, asked to cosign the other history, refuses it: it cosigned another tree of that size.
      const asked = await fetch(`${witnessUrl}/add-checkpoint`, {
        method: 'POST',
        body: addCheckpointBody(size, [], forkedNote),
      });
      expect(asked.status).toBe(409);
      const fromScratch = await fetch(`${witnessUrl}/add-checkpoint`, {
        method: 'POST',
        body: addCheckpointBody(0, [], forkedNote),
      });
      expect(fromScratch.status).toBe(409);

      // So the liar serves the fork without that cosignature, or with the honest one copied onto it.
      const honestCosignature = splitNote(honestNote)
        .signatures.filter((sig) => sig.name === witnessSigner.name)
        .map((sig) => sig.line);
      expect(honestCosignature).toHaveLength(1);
      let note = forkedNote;
      const liar: Server = createServer((req, res) => {
        void (async () => {
          const url = new URL(req.url!, 'http://x');
          if (url.pathname === '/log/checkpoint') return res.end(note);
          if (url.pathname.endsWith('/ledger.ndjson')) {
            res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8' });
            return res.end(ndjson);
          }
          if (url.pathname === '/api/log/consistency') {
            const proof = await proveTree(size, Number(url.searchParams.get('from')), forked.reader);
            return res.end(JSON.stringify({ proof: proof.map(toHex) }));
          }
          if (url.pathname === '/api/log/inclusion') {
            const leaf = url.searchParams.get('leaf');
            const index = forked.entries.findIndex((e) => toHex(recordHash(e)) === leaf);
            if (index < 0) return res.writeHead(404).end('{"error":"no"}');
            return res.end(
              JSON.stringify({ index, size, proof: (await proveRecord(size, index, forked.reader)).map(toHex) }),
            );
          }
          res.writeHead(404).end('{}');
        })();
      });
      await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
      const liarOrigin = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
      /** The follower verifying the liar's view of the profile with the log's key, and `more`. */
      const verifyLiar = (...more: string[]) =>
        betproof('verify', `${liarOrigin}/${username}`, '--log-key', signer.verifierKey, ...more);
      try {
        // Alone, the forked view verifies: it is signed and the follower's entries are in it.
        const alone = await verifyLiar();
        expect(alone.code).toBe(0);
        // A follower who requires the witness catches it without any saved checkpoint.
        const unwitnessed = await verifyLiar('--witness', witnessSigner.verifierKey);
        expect(unwitnessed.code).toBe(1);
        expect(unwitnessed.stderr).toBe(
          'FAILED log: only 0 of the 1 witness cosignatures needed are on the checkpoint\n',
        );
        note = addSignatures(forkedNote, honestCosignature);
        const copied = await verifyLiar('--witness', witnessSigner.verifierKey);
        expect(copied.code).toBe(1);
        expect(copied.stderr).toBe(
          'FAILED log: a witness cosignature does not verify: invalid cosignature by witness.test/w1\n',
        );
        note = forkedNote;
        // With the checkpoint the follower saved from the honest view, the fork is caught.
        const caught = await verifyLiar('--since-checkpoint', saved);
        expect(caught.code).toBe(1);
        expect(caught.stderr).toMatch(
          /^FAILED log: the log is not an extension of the checkpoint you saved \(\d+ entries, root [0-9a-f]{64}\): it was rewritten or forked\n$/,
        );
      } finally {
        await new Promise((resolve) => liar.close(resolve));
      }
    });
  },
  { LOG_SIGNING_KEY: signerKey, BASE_URL: 'http://127.0.0.1:3000' },
);

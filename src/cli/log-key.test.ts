/**
 * `betproof log-key`: prints the verifier key of the signing key the server would use (the one
 * GET /api/log/key serves), from LOG_SIGNING_KEY or the data directory's key file, and makes new
 * signing keys; refuses a missing or wrong key with exit 2.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLogSigner, LOG_KEY_FILE } from '../server/modules/log/signer.ts';
import { ALG_COSIGNATURE_V1, generateSignerKey, parseSignerKey } from '../shared/log/note.ts';
import { runLogKey } from './log-key.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'betproof-log-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logKey(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runLogKey(argv, env, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out, err };
}

describe('betproof log-key', () => {
  it('prints the verifier key of the key the server made in its data directory, as GET /api/log/key serves it', () => {
    const dataDir = path.join(dir, 'data');
    const served = loadLogSigner({
      DATA_DIR: dataDir,
      BASE_URL: 'https://betproof.example',
      LOG_SIGNING_KEY: undefined,
    });
    expect(logKey([], { DATA_DIR: dataDir })).toEqual({ code: 0, out: [served.verifierKey], err: [] });
    expect(served.verifierKey).toMatch(/^betproof\.example\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
    expect(logKey(['--key-file', path.join(dataDir, LOG_KEY_FILE)]).out).toEqual([served.verifierKey]);
    // LOG_SIGNING_KEY wins, as it does for the server.
    const given = generateSignerKey('other.example/log');
    expect(logKey([], { DATA_DIR: dataDir, LOG_SIGNING_KEY: given }).out).toEqual([parseSignerKey(given).verifierKey]);
  });

  it('--new makes a signing key and prints it with its verifier key', () => {
    const { code, out } = logKey(['--new', 'betproof.example/log']);
    expect(code).toBe(0);
    const [signing, verifier] = out;
    const key = /^signing key \(LOG_SIGNING_KEY, secret\): (PRIVATE\+KEY\+betproof\.example\/log\+\S+)$/.exec(
      signing!,
    )![1]!;
    expect(verifier).toBe(`verifier key (publish it): ${parseSignerKey(key).verifierKey}`);
  });

  it('no key, a witness key, a bad name or bad arguments: exit 2 with the reason', () => {
    const missing = logKey([], { DATA_DIR: path.join(dir, 'nothing') });
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/^betproof log-key: no signing key: ENOENT/);
    const witnessKey = path.join(dir, 'witness.key');
    writeFileSync(witnessKey, generateSignerKey('witness.example/w1', ALG_COSIGNATURE_V1));
    expect(logKey(['--key-file', witnessKey]).err).toEqual(['betproof log-key: not a log (Ed25519 note) signing key']);
    expect(logKey(['--new', 'has space']).err).toEqual(['betproof log-key: invalid key name "has space"']);
    expect(logKey(['--new']).err[0]).toMatch(/^betproof log-key: --new needs a value\n/);
    expect(logKey(['--other']).err[0]).toMatch(/^betproof log-key: unexpected arguments\nUsage: betproof log-key/);
  });

  it('runs as `betproof log-key`', async () => {
    const key = generateSignerKey('betproof.example/log');
    const result = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        ['bin/betproof.js', 'log-key'],
        { cwd: repoRoot, env: { PATH: process.env.PATH, LOG_SIGNING_KEY: key } },
        (err, stdout) => resolve({ code: err ? Number(err.code) : 0, stdout }),
      ),
    );
    expect(result).toEqual({ code: 0, stdout: `${parseSignerKey(key).verifierKey}\n` });
  }, 30_000);
});

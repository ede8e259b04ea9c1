/**
 * Our checkpoints, proofs and tiles as Go's golang.org/x/mod/sumdb/note and sumdb/tlog see them
 * (tests/interop/tlogcheck/main.go, built from Debian's golang-go and golang-golang-x-mod-dev,
 * offline). Go rebuilds the tree from the entries with its own code, so a root, proof or tile byte
 * of ours that differed from RFC 6962 as Go computes it would fail here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignatures, checkpointText } from './checkpoint.ts';
import { createWitness } from '../../cli/witness.ts';
import { addCheckpointBody } from './witness-protocol.ts';
import { MemoryLog } from './memory-log.ts';
import {
  ALG_COSIGNATURE_V1,
  generateSignerKey,
  NoteError,
  openNote,
  parseSignerKey,
  parseVerifierKey,
  signNote,
} from './note.ts';
import { proveRecord, proveTree, toBase64 } from './tlog.ts';
import { tileHashIndexes, tilePath, type Tile } from './tiles.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'betproof-go-'));
const binary = path.join(work, 'tlogcheck');
const noteSign = path.join(work, 'notesign');
const cosigCheck = path.join(work, 'cosigcheck');
const goEnv = {
  ...process.env,
  GO111MODULE: 'off',
  GOPATH: '/usr/share/gocode',
  GOFLAGS: '',
  GOPROXY: 'off',
  GOCACHE: path.join(work, 'cache'),
};

beforeAll(() => {
  execFileSync('go', ['build', '-o', binary, '.'], { cwd: path.join(root, 'tests/interop/tlogcheck'), env: goEnv });
  execFileSync('go', ['build', '-o', noteSign, '.'], { cwd: path.join(root, 'tests/interop/notesign'), env: goEnv });
  execFileSync('go', ['build', '-o', cosigCheck, '.'], {
    cwd: path.join(root, 'tests/interop/cosigcheck'),
    env: goEnv,
  });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function goCheck(input: unknown): { ok: boolean; out: string } {
  const result = spawnSync(binary, { input: JSON.stringify(input), encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout}${result.stderr}`.trim() };
}

const ledgerLine = (i: number) =>
  `{"at":"2025-02-28T18:04:05.123Z","bet":{"description":"Lakers ML vs \\"Celtics\\" 🏀 #${i}","eventStart":"2025-03-01T01:30:00.000Z","id":"6f1c2a9e-4b7d-4e2a-9c1b-${String(i).padStart(12, '0')}","odds":"+150","profit":null,"sport":"basketball","stake":2500,"status":"pending"},"kind":"recorded","prevHash":"${'0'.repeat(64)}","seq":1,"hash":"${'a'.repeat(64)}"}`;

describe("Go's sumdb/note and sumdb/tlog accept our log", { timeout: 120_000 }, () => {
  const signer = parseSignerKey(generateSignerKey('betproof.test/log'));
  const log = new MemoryLog();
  const size = 600;
  let input: {
    verifierKey: string;
    checkpoint: string;
    entries: string[];
    inclusions: { index: number; proof: string[] }[];
    consistencies: { oldSize: number; oldRoot: string; proof: string[] }[];
    tiles: { level: number; n: number; width: number; path: string; data: string }[];
  };

  beforeAll(async () => {
    for (let i = 0; i < size; i++) await log.append(new TextEncoder().encode(ledgerLine(i)));
    const rootHash = await log.root();
    const tiles: Tile[] = [
      { level: 0, n: 0, width: 256 },
      { level: 0, n: 2, width: 88 },
      { level: 1, n: 0, width: 2 },
    ];
    input = {
      verifierKey: signer.verifierKey,
      checkpoint: signNote(checkpointText({ origin: signer.name, size, root: rootHash }), signer),
      entries: log.entries.map((e) => Buffer.from(e).toString('base64')),
      inclusions: await Promise.all(
        [0, 1, 255, 256, 511, 599].map(async (index) => ({
          index,
          proof: (await proveRecord(size, index, log.reader)).map(toBase64),
        })),
      ),
      consistencies: await Promise.all(
        [1, 7, 256, 300, 599, 600].map(async (oldSize) => ({
          oldSize,
          oldRoot: toBase64(await log.root(oldSize)),
          proof: (await proveTree(size, oldSize, log.reader)).map(toBase64),
        })),
      ),
      tiles: tiles.map((t) => ({
        level: t.level as number,
        n: t.n,
        width: t.width,
        path: tilePath(t),
        data: Buffer.concat(log.reader(tileHashIndexes(t)) as Uint8Array[]).toString('base64'),
      })),
    };
  });

  it('opens the checkpoint, rebuilds the same root, and checks every proof and tile', () => {
    expect(goCheck(input)).toEqual({ ok: true, out: 'ok' });
  });

  it('refuses a checkpoint with one byte changed', () => {
    const checkpoint = input.checkpoint.replace(`\n${size}\n`, `\n${size - 1}\n`);
    expect(goCheck({ ...input, checkpoint })).toEqual({ ok: false, out: expect.stringContaining('note.Open') });
  });

  it("refuses a checkpoint under another log's key", () => {
    const other = parseSignerKey(generateSignerKey('betproof.test/log'));
    expect(goCheck({ ...input, verifierKey: other.verifierKey }).ok).toBe(false);
  });

  it('refuses a changed inclusion proof, consistency proof or tile', () => {
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[5] = bytes[5]! ^ 1;
      return bytes.toString('base64');
    };
    const inclusions = input.inclusions.map((x, i) =>
      i === 2 ? { ...x, proof: [flip(x.proof[0]!), ...x.proof.slice(1)] } : x,
    );
    expect(goCheck({ ...input, inclusions })).toEqual({ ok: false, out: expect.stringContaining('CheckRecord(255)') });
    const consistencies = input.consistencies.map((x, i) => (i === 3 ? { ...x, proof: x.proof.map(flip) } : x));
    expect(goCheck({ ...input, consistencies })).toEqual({ ok: false, out: expect.stringContaining('CheckTree(300') });
    const tiles = input.tiles.map((x, i) => (i === 1 ? { ...x, data: flip(x.data) } : x));
    expect(goCheck({ ...input, tiles })).toEqual({ ok: false, out: expect.stringContaining('bytes differ') });
  });
});

describe("our note reader accepts Go's keys and notes", () => {
  it('opens a note Go signed, with the verifier key Go made; refuses it changed; signs alike with the signer key', () => {
    const text = 'betproof.test/log\n5\n' + Buffer.alloc(32, 9).toString('base64') + '\n';
    const made = JSON.parse(execFileSync(noteSign, ['betproof.test/log', text], { encoding: 'utf8' })) as {
      signerKey: string;
      verifierKey: string;
      note: string;
    };
    const verifier = parseVerifierKey(made.verifierKey);
    expect(openNote(made.note, verifier).text).toBe(text);
    expect(() => openNote(made.note.replace('\n5\n', '\n6\n'), verifier)).toThrow(NoteError);
    // Ed25519 signatures are deterministic: our signature with Go's signer key is Go's, byte for byte.
    const signer = parseSignerKey(made.signerKey);
    expect(signer.verifierKey).toBe(made.verifierKey);
    expect(signNote(text, signer)).toBe(made.note);
  });
});

describe("Go's sumdb/note opens a checkpoint cosigned by betproof witness", () => {
  // x/mod's note package verifies Ed25519 note keys only: the log's signature is checked by Go's
  // own verifier, the cosignature/v1 by a note.Verifier in tests/interop/cosigcheck written from
  // the C2SP spec (its message, key ID and time), with Go's note.Open doing the rest.
  const goOpen = (input: unknown) => {
    const result = spawnSync(cosigCheck, { input: JSON.stringify(input), encoding: 'utf8' });
    return { code: result.status, out: result.stdout.trim() };
  };

  it('verifies the log signature and the witness cosignature, and refuses a changed cosignature', async () => {
    const logSigner = parseSignerKey(generateSignerKey('betproof.test/log'));
    const witnessSigner = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));
    const witness = createWitness({
      signer: witnessSigner,
      logs: [parseVerifierKey(logSigner.verifierKey)],
      stateFile: path.join(work, 'witness.json'),
      now: () => new Date('2026-11-28T13:02:00Z'),
    });
    const log = new MemoryLog();
    for (let i = 0; i < 9; i++) await log.append(new TextEncoder().encode(ledgerLine(i)));
    const checkpoint = signNote(checkpointText({ origin: logSigner.name, size: 9, root: await log.root() }), logSigner);
    const answer = await witness.addCheckpoint(addCheckpointBody(0, [], checkpoint));
    expect(answer.status).toBe(200);
    const cosigned = addSignatures(checkpoint, [answer.body]);

    const input = { note: cosigned, logKey: logSigner.verifierKey, witnessKeys: [witnessSigner.verifierKey] };
    expect(JSON.parse(goOpen(input).out)).toEqual({
      text: checkpoint.slice(0, checkpoint.indexOf('\n\n') + 1),
      verified: ['betproof.test/log', 'witness.test/w1'],
      times: { 'witness.test/w1': Date.parse('2026-11-28T13:02:00Z') / 1000 },
    });
    // One byte of the cosignature's signature changed: Go's note.Open refuses the whole note.
    const line = answer.body;
    const bytes = Buffer.from(line.slice(line.lastIndexOf(' ') + 1).trim(), 'base64');
    bytes[20] = bytes[20]! ^ 1;
    const changed = addSignatures(checkpoint, [
      `${line.slice(0, line.lastIndexOf(' ') + 1)}${bytes.toString('base64')}\n`,
    ]);
    const keyId = witnessSigner.verifierKey.split('+')[1]!;
    expect(goOpen({ ...input, note: changed })).toEqual({
      code: 1,
      out: `invalid signature for key witness.test/w1+${keyId}`,
    });
    // The cosignature's time changed: the signature covers it.
    bytes[20] = bytes[20]! ^ 1;
    bytes[11] = bytes[11]! ^ 1;
    const retimed = addSignatures(checkpoint, [
      `${line.slice(0, line.lastIndexOf(' ') + 1)}${bytes.toString('base64')}\n`,
    ]);
    expect(goOpen({ ...input, note: retimed }).code).toBe(1);
  });
});

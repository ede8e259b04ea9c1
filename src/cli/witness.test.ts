/**
 * `betproof witness` (C2SP tlog-witness): it cosigns a checkpoint only when the log's key signed it
 * and it extends the last one cosigned; every refusal is the status tlog-witness names; its state
 * survives a restart; and a log showing two histories gets its cosignature on one of them only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCosignature, checkpointText } from '../shared/log/checkpoint.ts';
import { MemoryLog } from '../shared/log/memory-log.ts';
import {
  ALG_COSIGNATURE_V1,
  generateSignerKey,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  splitNote,
} from '../shared/log/note.ts';
import { proveTree, type Hash } from '../shared/log/tlog.ts';
import { addCheckpointBody, SIZE_CONTENT_TYPE } from '../shared/log/witness-protocol.ts';
import { createWitness, runWitness } from './witness.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'betproof-witness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const logSigner = parseSignerKey(generateSignerKey('betproof.test/log'));
const logVerifier = parseVerifierKey(logSigner.verifierKey);
const witnessSigner = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));
const witnessVerifier = parseVerifierKey(witnessSigner.verifierKey);
const NOW = new Date('2026-11-28T13:02:00Z');
let files = 0;
const stateFile = () => path.join(dir, `state-${files++}.json`);

async function grow(log: MemoryLog, n: number, tag = 'a') {
  for (let i = 0; i < n; i++) await log.append(new TextEncoder().encode(`${tag} entry ${log.size}`));
}
const signed = async (log: MemoryLog, size = log.size, signer = logSigner) =>
  signNote(checkpointText({ origin: 'betproof.test/log', size, root: await log.root(size) }), signer);
const proof = (log: MemoryLog, from: number, to = log.size): Promise<Hash[]> =>
  from > 0 ? proveTree(to, from, log.reader) : Promise.resolve([]);

describe('betproof witness', () => {
  it('cosigns a first checkpoint, then one that extends it; the cosignature verifies with its key', async () => {
    const witness = createWitness({
      signer: witnessSigner,
      logs: [logVerifier],
      stateFile: stateFile(),
      now: () => NOW,
    });
    const log = new MemoryLog();
    await grow(log, 5);
    const first = await signed(log);
    const a = await witness.addCheckpoint(addCheckpointBody(0, [], first));
    expect(a.status).toBe(200);
    const { text } = splitNote(first);
    const lines = splitNote(`${text}\n${a.body}`).signatures;
    expect(checkCosignature(text, lines, witnessVerifier)).toEqual({ timestamp: NOW.getTime() / 1000 });

    await grow(log, 300);
    const second = await signed(log);
    const b = await witness.addCheckpoint(addCheckpointBody(5, await proof(log, 5), second));
    expect(b.status).toBe(200);
    expect(witness.state().logs['betproof.test/log']!.size).toBe(305);
  });

  it('answers each refusal with the status tlog-witness names, and changes no state', async () => {
    const file = stateFile();
    const witness = createWitness({ signer: witnessSigner, logs: [logVerifier], stateFile: file, now: () => NOW });
    const log = new MemoryLog();
    await grow(log, 10);
    expect((await witness.addCheckpoint(addCheckpointBody(0, [], await signed(log)))).status).toBe(200);
    await grow(log, 7);
    const note = await signed(log);

    // Malformed: 400. Unknown origin: 404. Not signed by the log's key: 403.
    expect((await witness.addCheckpoint(`old 01\n\n${note}`)).status).toBe(400);
    const stranger = parseSignerKey(generateSignerKey('elsewhere.test/log'));
    const other = signNote(
      checkpointText({ origin: 'elsewhere.test/log', size: 17, root: await log.root() }),
      stranger,
    );
    expect((await witness.addCheckpoint(addCheckpointBody(0, [], other))).status).toBe(404);
    const forger = parseSignerKey(generateSignerKey('betproof.test/log'));
    expect(
      (await witness.addCheckpoint(addCheckpointBody(10, await proof(log, 10), await signed(log, 17, forger)))).status,
    ).toBe(403);
    // An old size above the checkpoint's: 400. Not the size it holds: 409 with that size.
    expect((await witness.addCheckpoint(addCheckpointBody(18, [], note))).status).toBe(400);
    const stale = await witness.addCheckpoint(addCheckpointBody(0, [], note));
    expect(stale).toEqual({ status: 409, contentType: SIZE_CONTENT_TYPE, body: '10\n' });
    // A proof that does not verify: 422.
    const bad = await proof(log, 10);
    bad[0] = new Uint8Array(32);
    expect((await witness.addCheckpoint(addCheckpointBody(10, bad, note))).status).toBe(422);

    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      logs: { 'betproof.test/log': { size: 10, root: Buffer.from(await log.root(10)).toString('base64') } },
    });
  });

  it('keeps its state across a restart, and cosigns one of two histories only (a split view is caught)', async () => {
    const file = stateFile();
    const honest = new MemoryLog();
    const forked = new MemoryLog();
    await grow(honest, 20, 'same');
    await grow(forked, 20, 'same');
    let witness = createWitness({ signer: witnessSigner, logs: [logVerifier], stateFile: file, now: () => NOW });
    expect((await witness.addCheckpoint(addCheckpointBody(0, [], await signed(honest)))).status).toBe(200);

    // The log grows two ways from size 20: one history for some, another for others.
    await grow(honest, 3, 'honest');
    await grow(forked, 3, 'forked');
    witness = createWitness({ signer: witnessSigner, logs: [logVerifier], stateFile: file, now: () => NOW });
    expect(
      (await witness.addCheckpoint(addCheckpointBody(20, await proof(honest, 20), await signed(honest)))).status,
    ).toBe(200);
    // The other history, same size: another root. From 20 with its own (valid) proof: not from 23.
    expect((await witness.addCheckpoint(addCheckpointBody(23, [], await signed(forked)))).status).toBe(409);
    expect(
      (await witness.addCheckpoint(addCheckpointBody(20, await proof(forked, 20), await signed(forked)))).status,
    ).toBe(409);
    // Growing the fork further does not help: its proof from 23 is against the fork's own 23.
    await grow(forked, 4, 'forked');
    expect(
      (await witness.addCheckpoint(addCheckpointBody(23, await proof(forked, 23), await signed(forked)))).status,
    ).toBe(422);
    expect(witness.state().logs['betproof.test/log']!.size).toBe(23);
  });

  it('runs over HTTP as `betproof witness`, making its key on first run and printing its verifier key', async () => {
    const out: string[] = [];
    const keyFile = path.join(dir, 'witness.key');
    const args = ['--key-file', keyFile, '--state', stateFile(), '--log', logSigner.verifierKey, '--port', '0'];
    const usage = await runWitness(args, { out: (s) => out.push(s), err: (s) => out.push(s) });
    expect(usage.code).toBe(2);
    expect(out.at(-1)).toContain('does not exist: give --name to make a key');
    const { code, server } = await runWitness([...args, '--name', 'witness.test/http'], {
      out: (s) => out.push(s),
      err: (s) => out.push(s),
    });
    expect(code).toBe(0);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(out.at(-1)).toBe(`verifier key: ${parseSignerKey(key).verifierKey}`);
    const address = server!.address() as { port: number };
    const log = new MemoryLog();
    await grow(log, 3);
    const res = await fetch(`http://127.0.0.1:${address.port}/add-checkpoint`, {
      method: 'POST',
      body: addCheckpointBody(0, [], await signed(log)),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^— witness\.test\/http [A-Za-z0-9+/]+=*\n$/);
    expect((await fetch(`http://127.0.0.1:${address.port}/elsewhere`)).status).toBe(404);
    await new Promise((resolve) => server!.close(resolve));
  });
});

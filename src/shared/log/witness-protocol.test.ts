import { describe, expect, it } from 'vitest';
import { ALG_COSIGNATURE_V1, generateSignerKey, parseSignerKey } from './note.ts';
import {
  addCheckpointBody,
  parseAddCheckpointBody,
  parseAuthorityList,
  parseSizeBody,
  parseWitnessList,
} from './witness-protocol.ts';

const witnessKey = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1)).verifierKey;
const otherWitness = parseSignerKey(generateSignerKey('witness.test/w2', ALG_COSIGNATURE_V1)).verifierKey;
const logKey = parseSignerKey(generateSignerKey('betproof.test/log')).verifierKey;

describe('the add-checkpoint body (C2SP tlog-witness)', () => {
  it('is "old <size>", the proof a hash a line, an empty line, then the checkpoint; and reads back', () => {
    const proof = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    const note = 'betproof.test/log\n9\nAAAA\n\n— betproof.test/log AAAA\n';
    const body = addCheckpointBody(5, proof, note);
    expect(body).toBe(
      `old 5\n${Buffer.alloc(32, 1).toString('base64')}\n${Buffer.alloc(32, 2).toString('base64')}\n\n${note}`,
    );
    expect(parseAddCheckpointBody(body)).toEqual({ oldSize: 5, proof, checkpoint: note });
  });

  it('refuses leading zeros, a malformed hash, no empty line, or more than 63 proof lines', () => {
    expect(() => parseAddCheckpointBody('old 05\n\nx')).toThrow('"old <size>"');
    expect(() => parseAddCheckpointBody('old 5\nnot a hash\n\nx')).toThrow('malformed consistency proof line');
    expect(() => parseAddCheckpointBody('old 5\n')).toThrow('no empty line');
    const many = Array.from({ length: 64 }, () => Buffer.alloc(32).toString('base64')).join('\n');
    expect(() => parseAddCheckpointBody(`old 5\n${many}\n\nx`)).toThrow('too many consistency proof lines');
  });

  it("reads a 409's size only as tlog-witness writes it", () => {
    expect(parseSizeBody('50\n')).toBe(50);
    expect(parseSizeBody('0\n')).toBe(0);
    expect(parseSizeBody('050\n')).toBeNull();
    expect(parseSizeBody('50')).toBeNull();
  });
});

describe('LOG_WITNESSES and TIMESTAMP_AUTHORITIES', () => {
  it('takes witnesses as "<cosignature key> <URL>", by line or comma', () => {
    const result = parseWitnessList(`${witnessKey} https://w1.example/,\n ${otherWitness} http://127.0.0.1:7380`);
    expect(result.ok && result.witnesses.map((w) => [w.verifier.name, w.url])).toEqual([
      ['witness.test/w1', 'https://w1.example'],
      ['witness.test/w2', 'http://127.0.0.1:7380'],
    ]);
    expect(parseWitnessList('')).toEqual({ ok: true, witnesses: [] });
  });

  it('refuses a log key, a bad URL, a missing URL and a witness listed twice, each with its reason', () => {
    expect(parseWitnessList(`${logKey} https://x.example`)).toEqual({
      ok: false,
      errors: [`"${logKey}": not a witness's cosignature/v1 key (algorithm 0x04)`],
    });
    expect(parseWitnessList(`${witnessKey} ftp://x`)).toEqual({ ok: false, errors: ['"ftp://x": not an http(s) URL'] });
    expect(parseWitnessList(witnessKey)).toEqual({
      ok: false,
      errors: [`"${witnessKey}": a witness is "<verifier key> <URL>"`],
    });
    expect(parseWitnessList(`${witnessKey} https://a.example, ${witnessKey} https://b.example`)).toEqual({
      ok: false,
      errors: ['"witness.test/w1": listed twice'],
    });
  });

  it('takes authorities as http(s) URLs, by line or comma', () => {
    expect(parseAuthorityList('https://freetsa.org/tsr,\nhttp://timestamp.digicert.com')).toEqual({
      ok: true,
      urls: ['https://freetsa.org/tsr', 'http://timestamp.digicert.com'],
    });
    expect(parseAuthorityList('freetsa.org')).toEqual({ ok: false, errors: ['"freetsa.org": not an http(s) URL'] });
  });
});

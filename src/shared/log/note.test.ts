import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSignatures,
  checkCosignature,
  checkpointText,
  cosign,
  openCheckpoint,
  parseCheckpointText,
} from './checkpoint.ts';
import {
  ALG_COSIGNATURE_V1,
  generateSignerKey,
  NoteError,
  openNote,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  splitNote,
} from './note.ts';

const logSigner = parseSignerKey(generateSignerKey('betproof.test/log'));
const logKey = parseVerifierKey(logSigner.verifierKey);
const root = new Uint8Array(32).fill(3);

describe('signed notes', () => {
  it('sign then open; the verifier key names the log and its key ID', () => {
    const text = checkpointText({ origin: 'betproof.test/log', size: 12, root });
    const note = signNote(text, logSigner);
    expect(note.startsWith(`${text}\n\u2014 betproof.test/log `)).toBe(true);
    expect(openNote(note, logKey).text).toBe(text);
    expect(logSigner.verifierKey).toMatch(/^betproof\.test\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
  });

  it('refuses keys that are not keys, or whose key ID does not match', () => {
    expect(() => parseVerifierKey('nope')).toThrow(NoteError);
    const [name, id, key] = [
      logKey.name,
      logSigner.verifierKey.split('+')[1]!,
      logSigner.verifierKey.split('+').slice(2).join('+'),
    ];
    const wrongId = ((parseInt(id, 16) ^ 1) >>> 0).toString(16).padStart(8, '0');
    expect(() => parseVerifierKey(`${name}+${wrongId}+${key}`)).toThrow(/does not match/);
    expect(() => parseVerifierKey(`other+${id}+${key}`)).toThrow(/does not match/);
  });

  it('refuses text that is not a note text', () => {
    expect(() => signNote('no newline', logSigner)).toThrow(NoteError);
    expect(() => signNote('tab\there\n', logSigner)).toThrow(NoteError);
    expect(() => splitNote('a\n')).toThrow(NoteError);
  });

  it('property: any changed byte of a signed checkpoint fails to open', () => {
    const text = checkpointText({ origin: 'betproof.test/log', size: 123456, root });
    const note = Buffer.from(signNote(text, logSigner), 'utf8');
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (seed, flip) => {
        const bytes = Buffer.from(note);
        bytes[seed % bytes.length] = bytes[seed % bytes.length]! ^ flip;
        const changed = bytes.toString('utf8');
        let opened: string | null = null;
        try {
          opened = openCheckpoint(changed, logKey).text;
        } catch (err) {
          expect(err).toBeInstanceOf(NoteError);
        }
        expect(opened).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkpoints', () => {
  it('three lines, strictly', () => {
    const text = checkpointText({ origin: 'o', size: 5, root });
    expect(text).toBe(`o\n5\n${Buffer.from(root).toString('base64')}\n`);
    expect(parseCheckpointText(text)).toEqual({ origin: 'o', size: 5, root });
    for (const bad of [
      `o\n05\n${Buffer.from(root).toString('base64')}\n`,
      'o\n5\n',
      `o\n5\n${Buffer.from(root).toString('base64')}\next\n`,
    ]) {
      expect(() => parseCheckpointText(bad), bad).toThrow(NoteError);
    }
  });

  it("its origin must be the log key's name", () => {
    const other = parseSignerKey(generateSignerKey('elsewhere/log'));
    const note = signNote(checkpointText({ origin: 'betproof.test/log', size: 1, root }), other);
    expect(() => openCheckpoint(note, parseVerifierKey(other.verifierKey))).toThrow(/origin/);
  });
});

describe('cosignatures (C2SP tlog-cosignature v1)', () => {
  const witness = parseSignerKey(generateSignerKey('witness.test/w1', ALG_COSIGNATURE_V1));
  const witnessKey = parseVerifierKey(witness.verifierKey);
  const text = checkpointText({ origin: 'betproof.test/log', size: 9, root });

  it('a cosignature verifies with its time; a changed one, or one over another checkpoint, does not', () => {
    const note = addSignatures(signNote(text, logSigner), [cosign(text, witness, 1_700_000_000)]);
    const { signatures } = splitNote(note);
    expect(checkCosignature(text, signatures, witnessKey)).toEqual({ timestamp: 1_700_000_000 });
    const otherText = checkpointText({ origin: 'betproof.test/log', size: 10, root });
    expect(() => checkCosignature(otherText, signatures, witnessKey)).toThrow(/invalid cosignature/);
    const unsigned = splitNote(signNote(text, logSigner)).signatures;
    expect(checkCosignature(text, unsigned, witnessKey)).toBeNull();
    // The log's own key is not a cosigning key.
    expect(() => checkCosignature(text, signatures, logKey)).toThrow(/not a cosignature/);
  });

  it('the signed message is tlog-cosignature’s example: header, time line, checkpoint body', async () => {
    const { cosignedMessage } = await import('./checkpoint.ts');
    expect(
      Buffer.from(
        cosignedMessage(
          'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n',
          1679315147,
        ),
      ).toString(),
    ).toBe(
      'cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n',
    );
  });
});

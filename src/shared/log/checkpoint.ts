/**
 * C2SP tlog-checkpoint (https://c2sp.org/tlog-checkpoint) inside a signed note (note.ts), and C2SP
 * tlog-cosignature (https://c2sp.org/tlog-cosignature) v1 for Ed25519 witnesses.
 *
 * A checkpoint's text is three lines: the log's origin, the tree size in decimal, the root hash in
 * base64. This log writes no extension lines and refuses a checkpoint that has any.
 */
import { hashFromBase64, toBase64, type Hash } from './tlog.ts';
import {
  ALG_COSIGNATURE_V1,
  NoteError,
  openNote,
  signatureLine,
  splitNote,
  type NoteSignature,
  type Signer,
  type Verifier,
} from './note.ts';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Hash;
}

export const checkpointText = (c: Checkpoint): string => `${c.origin}\n${c.size}\n${toBase64(c.root)}\n`;

/** Reads a checkpoint's note text (the body, without signatures); throws NoteError when it is not one. */
export function parseCheckpointText(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length !== 4 || lines[3] !== '') {
    throw new NoteError('a checkpoint is three lines: origin, tree size, root hash (no extension lines here)');
  }
  const [origin, sizeText, rootText] = lines as [string, string, string];
  if (!origin) throw new NoteError('a checkpoint origin is not empty');
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText))) {
    throw new NoteError(`malformed checkpoint tree size "${sizeText}"`);
  }
  const root = hashFromBase64(rootText);
  if (!root) throw new NoteError(`malformed checkpoint root hash "${rootText}"`);
  return { origin, size: Number(sizeText), root };
}

export interface OpenedCheckpoint extends Checkpoint {
  /** The note body that was signed (and that time-stamps and cosignatures cover). */
  text: string;
  signatures: NoteSignature[];
}

/** Opens a signed checkpoint with the log's verifier key; its origin must be the key's name. */
export function openCheckpoint(note: string, logKey: Verifier): OpenedCheckpoint {
  const { text, signatures } = openNote(note, logKey);
  const checkpoint = parseCheckpointText(text);
  if (checkpoint.origin !== logKey.name) {
    throw new NoteError(`the checkpoint's origin "${checkpoint.origin}" is not the log key's name "${logKey.name}"`);
  }
  return { ...checkpoint, text, signatures };
}

/** The message an Ed25519 cosignature/v1 signs: a header line, a time line, the checkpoint body. */
export const cosignedMessage = (checkpointBody: string, timestamp: number): Uint8Array =>
  Buffer.from(`cosignature/v1\ntime ${timestamp}\n${checkpointBody}`, 'utf8');

/** A cosignature line by a witness (algorithm 0x04) over the checkpoint body, at `timestamp` (POSIX seconds). */
export function cosign(checkpointBody: string, witness: Signer, timestamp: number): string {
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(timestamp));
  const signature = witness.sign(cosignedMessage(checkpointBody, timestamp));
  return signatureLine(witness.name, witness.id, Buffer.concat([stamp, signature]));
}

/**
 * The cosignature by `witness` (a cosignature/v1 verifier key) among a note's signature lines, if
 * one verifies: answers its time; null when the witness did not sign; throws NoteError when its
 * line is there but does not verify.
 */
export function checkCosignature(
  body: string,
  signatures: readonly NoteSignature[],
  witness: Verifier,
): { timestamp: number } | null {
  if (witness.alg !== ALG_COSIGNATURE_V1) throw new NoteError(`${witness.name}: not a cosignature/v1 key`);
  const lines = signatures.filter((s) => s.name === witness.name && s.id === witness.id);
  if (!lines.length) return null;
  for (const s of lines) {
    if (s.signature.length !== 72) throw new NoteError(`${witness.name}: malformed cosignature`);
    const timestamp = Buffer.from(s.signature).readBigUInt64BE(0);
    if (timestamp > BigInt(Number.MAX_SAFE_INTEGER))
      throw new NoteError(`${witness.name}: cosignature time out of range`);
    if (!witness.verify(cosignedMessage(body, Number(timestamp)), s.signature.subarray(8))) {
      throw new NoteError(`invalid cosignature by ${witness.name}`);
    }
    return { timestamp: Number(timestamp) };
  }
  return null;
}

/** A checkpoint note with further signature lines added (e.g. witnesses' cosignatures), each once. */
export function addSignatures(note: string, lines: readonly string[]): string {
  const { signatures } = splitNote(note);
  const have = new Set(signatures.map((s) => s.line));
  const fresh = lines.filter((line) => !have.has(line) && (have.add(line), true));
  return note + fresh.join('');
}

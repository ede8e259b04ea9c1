/**
 * C2SP signed-note (https://c2sp.org/signed-note), Ed25519 only, as Go's
 * golang.org/x/mod/sumdb/note reads and writes it: a UTF-8 text ending in a newline, a blank
 * line, then one line per signature, `— <key name> base64(key ID ‖ signature)`.
 *
 * Keys are self-describing strings:
 * - verifier key `<name>+<key ID, 8 hex digits>+base64(0x01 ‖ 32-byte public key)`;
 * - signer key `PRIVATE+KEY+<name>+<key ID>+base64(0x01 ‖ 32-byte seed)`;
 * the key ID being the first 4 bytes of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key). Cosignatures
 * (cosignature.ts) use the same lines with algorithm byte 0x04 and their own signed message.
 */
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

export const ALG_ED25519 = 0x01;
export const ALG_COSIGNATURE_V1 = 0x04;
const SIG_PREFIX = '\u2014 ';

export class NoteError extends Error {}

/** A key name: non-empty, no whitespace, no "+" (as Go's note.isValidName). */
export const isValidKeyName = (name: string): boolean =>
  name.length > 0 && !/[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000+]/u.test(name);

/** The 4-byte key ID as a number: SHA-256(name ‖ "\n" ‖ alg ‖ public key)[:4]. */
export function keyId(name: string, alg: number, publicKey: Uint8Array): number {
  const digest = createHash('sha256').update(`${name}\n`, 'utf8').update(Uint8Array.of(alg)).update(publicKey).digest();
  return digest.readUInt32BE(0);
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

// DER wrappers that turn raw Ed25519 key bytes into node:crypto key objects (RFC 8410).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export const ed25519PublicKeyObject = (publicKey: Uint8Array): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' });

const privateKeyObject = (seed: Uint8Array): KeyObject =>
  createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });

const rawPublicKey = (key: KeyObject): Uint8Array =>
  new Uint8Array(key.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519.length));

export interface Signer {
  name: string;
  /** The key ID (for ordinary note signatures: algorithm 0x01). */
  id: number;
  publicKey: Uint8Array;
  /** The verifier key string others pin. */
  verifierKey: string;
  sign(message: Uint8Array): Uint8Array;
}

export interface Verifier {
  name: string;
  id: number;
  publicKey: Uint8Array;
  alg: number;
  verify(message: Uint8Array, signature: Uint8Array): boolean;
}

function signerOf(name: string, seed: Uint8Array, alg: number): Signer {
  const privateKey = privateKeyObject(seed);
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const id = keyId(name, alg, publicKey);
  return {
    name,
    id,
    publicKey,
    verifierKey: `${name}+${hex8(id)}+${Buffer.concat([Uint8Array.of(alg), publicKey]).toString('base64')}`,
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
}

/** A new signer key string for `name` (algorithm 0x01, or 0x04 for a witness's cosigning key). */
export function generateSignerKey(name: string, alg: number = ALG_ED25519): string {
  if (!isValidKeyName(name)) throw new NoteError(`invalid key name "${name}"`);
  const seed = randomBytes(32);
  const { id } = signerOf(name, seed, alg);
  return `PRIVATE+KEY+${name}+${hex8(id)}+${Buffer.concat([Uint8Array.of(alg), seed]).toString('base64')}`;
}

const base64Strict = (text: string): Uint8Array | null => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : null;
};

/** Splits at the first count−1 "+" signs (the last part, base64, may hold "+" itself). */
function splitKey(text: string, count: number): string[] | null {
  const parts: string[] = [];
  let rest = text;
  for (let i = 1; i < count; i++) {
    const at = rest.indexOf('+');
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

/** Reads a signer key string; throws NoteError when it is not one (or its key ID does not match). */
export function parseSignerKey(text: string): Signer & { alg: number } {
  const parts = splitKey(text.trim(), 5);
  if (!parts || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY') {
    throw new NoteError('a signer key is PRIVATE+KEY+<name>+<key ID>+<base64 key>');
  }
  const [, , name, idHex, b64] = parts as [string, string, string, string, string];
  const data = base64Strict(b64);
  if (!isValidKeyName(name) || !/^[0-9a-f]{8}$/.test(idHex) || !data || data.length !== 33) {
    throw new NoteError('malformed signer key');
  }
  const alg = data[0]!;
  if (alg !== ALG_ED25519 && alg !== ALG_COSIGNATURE_V1) throw new NoteError(`unknown key algorithm ${alg}`);
  const signer = signerOf(name, data.subarray(1), alg);
  if (hex8(signer.id) !== idHex) throw new NoteError('signer key ID does not match its key');
  return { ...signer, alg };
}

/** Reads a verifier key string `<name>+<key ID>+<base64(alg ‖ key)>`; throws NoteError when it is not one. */
export function parseVerifierKey(text: string): Verifier {
  const parts = splitKey(text.trim(), 3);
  if (!parts) throw new NoteError('a verifier key is <name>+<key ID>+<base64 key>');
  const [name, idHex, b64] = parts as [string, string, string];
  const data = base64Strict(b64);
  if (!isValidKeyName(name) || !/^[0-9a-f]{8}$/.test(idHex) || !data || data.length !== 33) {
    throw new NoteError(`malformed verifier key "${text.trim()}"`);
  }
  const alg = data[0]!;
  if (alg !== ALG_ED25519 && alg !== ALG_COSIGNATURE_V1) throw new NoteError(`unknown key algorithm ${alg}`);
  const publicKey = data.subarray(1);
  const id = keyId(name, alg, publicKey);
  if (hex8(id) !== idHex) throw new NoteError(`the key ID ${idHex} does not match the key of ${name}`);
  const keyObject = ed25519PublicKeyObject(publicKey);
  return {
    name,
    id,
    publicKey,
    alg,
    verify: (message, signature) => signature.length === 64 && verify(null, message, keyObject, signature),
  };
}

/** A note's text: valid UTF-8 (a JS string is), ending in a newline, no control characters but newline. */
function checkText(text: string): void {
  if (!text.endsWith('\n')) throw new NoteError('a note text ends with a newline');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text) || /\p{Cs}/u.test(text)) {
    throw new NoteError('a note text holds no control characters but newlines');
  }
}

/** One signature line, `— <name> base64(key ID ‖ signature)\n`. */
export function signatureLine(name: string, id: number, signature: Uint8Array): string {
  const idBytes = Buffer.alloc(4);
  idBytes.writeUInt32BE(id);
  return `${SIG_PREFIX}${name} ${Buffer.concat([idBytes, signature]).toString('base64')}\n`;
}

/** The signed note: the text, a blank line, then the signer's signature line. */
export function signNote(text: string, signer: Signer): string {
  checkText(text);
  return `${text}\n${signatureLine(signer.name, signer.id, signer.sign(Buffer.from(text, 'utf8')))}`;
}

export interface NoteSignature {
  name: string;
  id: number;
  /** The signature bytes after the key ID. */
  signature: Uint8Array;
  /** The line as it appears, newline included. */
  line: string;
}

/** Splits a signed note into its text and signature lines, strictly; throws NoteError when malformed. */
export function splitNote(note: string): { text: string; signatures: NoteSignature[] } {
  if (note.length > 1_000_000) throw new NoteError('note too large');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f]/.test(note) || /\uFFFD/.test(note)) throw new NoteError('malformed note');
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new NoteError('malformed note: no signature block');
  const text = note.slice(0, split + 1);
  const block = note.slice(split + 2);
  if (!block.endsWith('\n')) throw new NoteError('malformed note: the signatures end with a newline');
  const signatures = block
    .slice(0, -1)
    .split('\n')
    .map((line): NoteSignature => {
      if (!line.startsWith(SIG_PREFIX)) throw new NoteError('malformed note: a signature line starts with "— "');
      const rest = line.slice(SIG_PREFIX.length);
      const space = rest.indexOf(' ');
      const name = space < 0 ? rest : rest.slice(0, space);
      const bytes = space < 0 ? null : base64Strict(rest.slice(space + 1));
      if (!isValidKeyName(name) || !bytes || bytes.length < 5) throw new NoteError('malformed note signature line');
      return {
        name,
        id: Buffer.from(bytes).readUInt32BE(0),
        signature: bytes.subarray(4),
        line: `${line}\n`,
      };
    });
  if (signatures.length > 100) throw new NoteError('malformed note: too many signatures');
  return { text, signatures };
}

/**
 * Opens a signed note with a note verifier (algorithm 0x01): answers the text when a signature by
 * that key verifies; throws NoteError otherwise (unsigned by it, a bad signature, malformed).
 */
export function openNote(note: string, verifier: Verifier): { text: string; signatures: NoteSignature[] } {
  const split = splitNote(note);
  const mine = split.signatures.filter((s) => s.name === verifier.name && s.id === verifier.id);
  if (!mine.length) throw new NoteError(`the note is not signed by ${verifier.name}+${hex8(verifier.id)}`);
  const message = Buffer.from(split.text, 'utf8');
  for (const s of mine) {
    if (!verifier.verify(message, s.signature)) throw new NoteError(`invalid signature by ${verifier.name}`);
  }
  return split;
}

/**
 * C2SP tlog-witness (https://c2sp.org/tlog-witness), the add-checkpoint call: the request body a
 * log sends and a witness reads, the 409 answer's size, and the LOG_WITNESSES list a log is
 * configured with. Both ends use this module: the server (src/server/modules/log/witnessing.ts)
 * and `betproof witness` (src/cli/witness.ts).
 */
import { NoteError, parseVerifierKey, ALG_COSIGNATURE_V1, type Verifier } from './note.ts';
import { hashFromBase64, toBase64, type Hash } from './tlog.ts';

/** The path of the call, under the witness's submission prefix. */
export const ADD_CHECKPOINT_PATH = '/add-checkpoint';
/** The Content-Type of a 409 answer whose body is the witness's latest cosigned size. */
export const SIZE_CONTENT_TYPE = 'text/x.tlog.size';
/** The spec's bound on consistency proof lines (and so on a log's size, 2^63). */
export const MAX_PROOF_LINES = 63;

export class WitnessProtocolError extends Error {}

/** `old <size>`, one base64 hash a line, an empty line, then the signed checkpoint. */
export function addCheckpointBody(oldSize: number, proof: readonly Hash[], signedCheckpoint: string): string {
  if (proof.length > MAX_PROOF_LINES) throw new WitnessProtocolError('too many consistency proof lines');
  return `old ${oldSize}\n${proof.map((h) => `${toBase64(h)}\n`).join('')}\n${signedCheckpoint}`;
}

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

/** Reads an add-checkpoint body; throws WitnessProtocolError (answered 400) when malformed. */
export function parseAddCheckpointBody(body: string): { oldSize: number; proof: Hash[]; checkpoint: string } {
  const blank = body.indexOf('\n\n');
  if (blank < 0) throw new WitnessProtocolError('no empty line before the checkpoint');
  const [first, ...proofLines] = body.slice(0, blank).split('\n') as [string, ...string[]];
  const size = /^old (.*)$/.exec(first)?.[1];
  if (size === undefined || !DECIMAL.test(size) || !Number.isSafeInteger(Number(size))) {
    throw new WitnessProtocolError('the first line is "old <size>", in decimal without leading zeros');
  }
  if (proofLines.length > MAX_PROOF_LINES) throw new WitnessProtocolError('too many consistency proof lines');
  const proof = proofLines.map((line) => {
    const hash = hashFromBase64(line);
    if (!hash) throw new WitnessProtocolError(`malformed consistency proof line "${line}"`);
    return hash;
  });
  return { oldSize: Number(size), proof, checkpoint: body.slice(blank + 2) };
}

/** The body of a 409 answer: the size, a newline. Null when it is not one. */
export function parseSizeBody(text: string): number | null {
  const m = /^(0|[1-9][0-9]{0,15})\n$/.exec(text);
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}

export interface WitnessConfig {
  /** The witness's cosignature/v1 verifier key, `<name>+<key ID>+<key>`. */
  key: string;
  verifier: Verifier;
  /** Its submission prefix: the request goes to `<url>/add-checkpoint`. */
  url: string;
}

/**
 * LOG_WITNESSES: one witness per line or per comma, `<verifier key> <submission URL>` (the
 * witness's name is its key's name). Answers the witnesses, or the reasons the text is wrong.
 */
export function parseWitnessList(
  text: string,
): { ok: true; witnesses: WitnessConfig[] } | { ok: false; errors: string[] } {
  const witnesses: WitnessConfig[] = [];
  const errors: string[] = [];
  for (const item of text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, url, ...extra] = item.split(/\s+/) as [string, string | undefined, ...string[]];
    if (!url || extra.length) {
      errors.push(`"${item}": a witness is "<verifier key> <URL>"`);
      continue;
    }
    let verifier: Verifier;
    try {
      verifier = parseVerifierKey(key);
    } catch (err) {
      errors.push(`"${key}": ${err instanceof NoteError ? err.message : String(err)}`);
      continue;
    }
    if (verifier.alg !== ALG_COSIGNATURE_V1) {
      errors.push(`"${key}": not a witness's cosignature/v1 key (algorithm 0x04)`);
      continue;
    }
    if (!/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) {
      errors.push(`"${url}": not an http(s) URL`);
      continue;
    }
    if (witnesses.some((w) => w.verifier.name === verifier.name)) {
      errors.push(`"${verifier.name}": listed twice`);
      continue;
    }
    witnesses.push({ key, verifier, url: url.replace(/\/+$/, '') });
  }
  return errors.length ? { ok: false, errors } : { ok: true, witnesses };
}

/** TIMESTAMP_AUTHORITIES: http(s) URLs, one per line or per comma. */
export function parseAuthorityList(text: string): { ok: true; urls: string[] } | { ok: false; errors: string[] } {
  const urls = text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const errors = urls
    .filter((u) => !/^https?:\/\/\S+$/i.test(u) || !URL.canParse(u))
    .map((u) => `"${u}": not an http(s) URL`);
  if (new Set(urls).size !== urls.length) errors.push('an authority is listed twice');
  return errors.length ? { ok: false, errors } : { ok: true, urls };
}

/**
 * What the verifier's log checks share (verify-log.ts, verify-seals.ts): fetching the log's
 * answers, reading proofs, and the two ways a check ends — a mismatch (exit 1) or a log that
 * could not be read (exit 2).
 */
import { hashFromHex } from '../shared/log/tlog.ts';

/** The log check failed: exit 1 with this reason. */
export class LogMismatch extends Error {}
/** The log could not be read: exit 2. */
export class LogUnusable extends Error {}

export type Fetch = typeof fetch;

export async function get(fetchImpl: Fetch, url: string): Promise<Response> {
  try {
    return await fetchImpl(url);
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new LogUnusable(`could not fetch ${url}: ${cause}`);
  }
}

export async function getJson<T>(fetchImpl: Fetch, url: string): Promise<{ status: number; body: T }> {
  const res = await get(fetchImpl, url);
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    throw new LogUnusable(`${url} answered ${res.status} with something that is not JSON`);
  }
}

export const hexProof = (hexes: unknown, what: string) => {
  if (!Array.isArray(hexes)) throw new LogMismatch(`${what}: the proof is not a list of hashes`);
  return hexes.map((h) => {
    const hash = typeof h === 'string' ? hashFromHex(h) : null;
    if (!hash) throw new LogMismatch(`${what}: the proof holds something that is not a hash`);
    return hash;
  });
};

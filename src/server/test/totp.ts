/**
 * An authenticator app, for tests: the secret of an otpauth:// URI (or the key shown for typing
 * it in) and the code for a moment, computed here per RFC 6238 (TOTP: HMAC-SHA1 over the 30-second
 * step, dynamic truncation, 6 digits) with node:crypto, independently of Better Auth's own code.
 */
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of an RFC 4648 base32 text (any case, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`not base32: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The base32 secret of an otpauth:// URI. */
export function secretOfUri(uri: string): string {
  const url = new URL(uri);
  if (url.protocol !== 'otpauth:') throw new Error(`not an otpauth URI: ${uri}`);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/** The 6-digit TOTP code of a base32 secret at `at` (ms), with 30-second steps (RFC 6238). */
export function totpCode(secretBase32: string, at = Date.now(), stepSeconds = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** Per secret, the codes freshTotpCode has handed out (the server accepts each once). */
const handedOut = new Map<string, Set<string>>();

/**
 * A code the server has not seen for a moment well inside its 30-second step: the current step's,
 * else the next's or the previous one's (the server accepts a step either side), each handed out
 * once, as the server accepts a code once (modules/auth/totp-once.ts). When the current step ends
 * in less than `marginMs`, or its three codes are spent, waits for the next step.
 */
export async function freshTotpCode(secretBase32: string, marginMs = 3_000): Promise<string> {
  const given = handedOut.get(secretBase32) ?? new Set<string>();
  handedOut.set(secretBase32, given);
  for (;;) {
    const left = 30_000 - (Date.now() % 30_000);
    if (left >= marginMs) {
      const now = Date.now();
      const code = [now, now + 30_000, now - 30_000].map((at) => totpCode(secretBase32, at)).find((c) => !given.has(c));
      if (code) {
        given.add(code);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, left + 50));
  }
}

/**
 * Time-stamp tokens against a real TSA (OpenSSL's `openssl ts -reply` over local HTTP): our
 * request is one OpenSSL answers, the token we keep is one `openssl ts -verify` accepts, and our
 * own check of a token fails on any changed byte, another digest, or another root.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpensslTsa, type OpensslTsa } from '../../test/openssl-tsa.ts';
import {
  certificatesFromPem,
  checkpointDigest,
  isDerEcdsaSignature,
  readToken,
  timestampRequest,
  TimestampError,
  tokenFromResponse,
  verifyToken,
} from '../../../shared/log/timestamp.ts';

let tsa: OpensslTsa;
let other: OpensslTsa;
beforeAll(async () => {
  [tsa, other] = await Promise.all([startOpensslTsa('Test TSA'), startOpensslTsa('Other TSA')]);
}, 60_000);
afterAll(async () => {
  await Promise.all([tsa.close(), other.close()]);
});

const body = 'betproof.test/log\n42\nqT0J8Qq7kq3p3Jm3lI0Q1qzEo7QH3cJf8pC0R1h6cS4=\n';

async function stamp(server: OpensslTsa, text = body) {
  const digest = checkpointDigest(text);
  const request = timestampRequest(digest);
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/timestamp-query' },
    body: Buffer.from(request.der),
  });
  expect(res.status).toBe(200);
  return { digest, request, response: new Uint8Array(await res.arrayBuffer()) };
}

describe('RFC 3161 tokens from a real TSA', () => {
  it('keeps a token that openssl ts -verify and our verifier accept, stamping the checkpoint body', async () => {
    const before = Date.now();
    const { digest, request, response } = await stamp(tsa);
    const token = tokenFromResponse(response, { digest, nonce: request.nonce });

    expect(tsa.opensslVerify(token, digest)).toContain('Verification: OK');
    const info = await verifyToken(token, body, certificatesFromPem(tsa.rootPem));
    expect(info.tsaName).toBe('Test TSA');
    expect(Buffer.from(info.imprint).toString('hex')).toBe(Buffer.from(digest).toString('hex'));
    expect(info.nonce).toBe(request.nonce);
    // The TSA's clock (this machine's), to the second.
    expect(info.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(info.genTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect(readToken(token).genTime.toISOString()).toBe(info.genTime.toISOString());
  });

  it('refuses an answer for another request: another digest or another nonce', async () => {
    const { request, response } = await stamp(tsa);
    expect(() => tokenFromResponse(response, { digest: checkpointDigest('other'), nonce: request.nonce })).toThrow(
      'the token stamps another digest',
    );
    const { digest } = await stamp(tsa);
    expect(() => tokenFromResponse(response, { digest: checkpointDigest(body), nonce: 'ff' })).toThrow(
      'the token does not repeat our nonce',
    );
    expect(digest).toHaveLength(32);
  });

  it('fails a token for another checkpoint, or checked against another root', async () => {
    const { digest, request, response } = await stamp(tsa);
    const token = tokenFromResponse(response, { digest, nonce: request.nonce });
    await expect(verifyToken(token, `${body} `, certificatesFromPem(tsa.rootPem))).rejects.toThrow(
      'the token stamps another digest than the checkpoint',
    );
    await expect(verifyToken(token, body, certificatesFromPem(other.rootPem))).rejects.toThrow(
      "the token's certificate does not chain to the given roots",
    );
    expect(() => other.opensslVerify(token, digest)).toThrow();
  });

  it('fails the token when any byte it signs or chains by changes', async () => {
    const { digest, request, response } = await stamp(tsa);
    const token = tokenFromResponse(response, { digest, nonce: request.nonce });
    const roots = certificatesFromPem(tsa.rootPem);
    // CMS signs the TSTInfo (time, imprint, nonce) through the signed attributes, and the signing
    // certificate must chain to the root; it leaves unsigned the digestAlgorithms set before the
    // TSTInfo and any extra certificate in the set (this TSA adds its root's copy, which the chain
    // does not use: the root comes from the verifier). Every other byte, from the TSTInfo's
    // content type to the signature's end, must matter — but for ASN.1 length octets and a BIT
    // STRING's unused-bits octet, which asn1js reads leniently without changing any value, and
    // what OpenSSL accepts too.
    const start = Buffer.from(token).indexOf(Buffer.from('060b2a864886f70d0109100104', 'hex'));
    const rootCopy = Buffer.from(token).indexOf(Buffer.from(roots[0]!));
    expect(start).toBeGreaterThan(0);
    expect(rootCopy).toBeGreaterThan(start);
    const encodingOnly = asn1EncodingOctets(token);
    const accepted: number[] = [];
    for (let i = start; i < token.length; i += 3) {
      if (i >= rootCopy && i < rootCopy + roots[0]!.length) continue;
      const changed = Uint8Array.from(token);
      changed[i]! ^= 0x01;
      const ok = await verifyToken(changed, body, roots).then(
        () => true,
        (err: unknown) => {
          expect(err).toBeInstanceOf(TimestampError);
          return false;
        },
      );
      if (ok && !encodingOnly.has(i) && !opensslAccepts(changed, digest)) accepted.push(i);
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('fails the token when any byte of its ECDSA signature changes, its DER lengths included', async () => {
    const { digest, request, response } = await stamp(tsa);
    const token = tokenFromResponse(response, { digest, nonce: request.nonce });
    const roots = certificatesFromPem(tsa.rootPem);
    // The token ends with the SignerInfo's signature: an OCTET STRING holding ECDSA-Sig-Value.
    const signatureAt = signatureOffset(token);
    const signature = token.subarray(signatureAt);
    expect(isDerEcdsaSignature(signature, 32)).toBe(true);
    const accepted: number[] = [];
    for (let i = signatureAt; i < token.length; i++) {
      const changed = Uint8Array.from(token);
      changed[i]! ^= 0x01;
      if (
        await verifyToken(changed, body, roots).then(
          () => true,
          () => false,
        )
      )
        accepted.push(i - signatureAt);
      // OpenSSL agrees: no changed byte of the signature passes `openssl ts -verify`.
      expect(opensslAccepts(changed, digest)).toBe(false);
    }
    expect(accepted).toEqual([]);
    // The SEQUENCE's length one short: pkijs alone would still verify it.
    const loose = Uint8Array.from(token);
    loose[signatureAt + 1]! -= 1;
    await expect(verifyToken(loose, body, roots)).rejects.toThrow("the token's signature is not a DER ECDSA signature");
  }, 60_000);

  it("fails the token when its certificate's ECDSA signature is not strict DER, which pkijs alone accepts", async () => {
    const { digest, request, response } = await stamp(tsa);
    const token = tokenFromResponse(response, { digest, nonce: request.nonce });
    const roots = certificatesFromPem(tsa.rootPem);
    // The signing certificate's signature (by the root) is a BIT STRING holding ECDSA-Sig-Value;
    // the root's own copy in the token is skipped: the chain takes the root from the verifier.
    const rootCopy = Buffer.from(token).indexOf(Buffer.from(roots[0]!));
    const inBitString = [...token.keys()].filter(
      (at) =>
        (at < rootCopy || at >= rootCopy + roots[0]!.length) &&
        token[at] === 0x30 &&
        token[at - 1] === 0x00 &&
        token[at - 3] === 0x03 &&
        token[at - 2] === token[at + 1]! + 3 &&
        token[at + 2] === 0x02,
    );
    expect(inBitString).toHaveLength(1);
    // Its SEQUENCE's length one short: OpenSSL, chaining by the token's certificates as we do,
    // refuses it; pkijs alone verified it.
    const tokenCertificatesOnly = { tokenCertificatesOnly: true };
    expect(tsa.opensslVerify(token, digest, tokenCertificatesOnly)).toContain('Verification: OK');
    const loose = Uint8Array.from(token);
    loose[inBitString[0]! + 1]! -= 1;
    expect(() => tsa.opensslVerify(loose, digest, tokenCertificatesOnly)).toThrow();
    await expect(verifyToken(loose, body, roots)).rejects.toThrow(
      "the token's certificate does not chain to the given roots",
    );
  });

  it('fails the token when r or s is one byte longer than the curve allows (its sign byte set to 01)', async () => {
    // Half of P-256 scalars have their high bit set and are written 00 ‖ 32 bytes. That 00 made
    // 01 is r or s plus 2^256: still a minimal positive INTEGER, which pkijs copies over the other
    // scalar's last byte, so it verified whenever that byte was 01 (1 in 256). OpenSSL refuses it.
    const roots = certificatesFromPem(tsa.rootPem);
    for (let tries = 0; tries < 40; tries++) {
      const { digest, request, response } = await stamp(tsa);
      const token = tokenFromResponse(response, { digest, nonce: request.nonce });
      const signatureAt = signatureOffset(token);
      const rLength = token[signatureAt + 3]!;
      const padded = [signatureAt + 4, signatureAt + 4 + rLength + 2].filter(
        (at) => token[at] === 0x00 && token[at - 1] === 0x21,
      );
      if (padded.length === 0) continue;
      for (const at of padded) {
        const longer = Uint8Array.from(token);
        longer[at] = 0x01;
        expect(opensslAccepts(longer, digest)).toBe(false);
        await expect(verifyToken(longer, body, roots)).rejects.toThrow(
          "the token's signature is not a DER ECDSA signature",
        );
      }
      return;
    }
    throw new Error('40 tokens without a padded r or s: 1 chance in 2^80');
  }, 60_000);
});

describe('isDerEcdsaSignature', () => {
  const der = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));
  it('accepts SEQUENCE { INTEGER r, INTEGER s } with exact, minimal lengths', () => {
    expect(isDerEcdsaSignature(der('3006 020101 020102'), 32)).toBe(true);
    expect(isDerEcdsaSignature(der('3007 02020080 020102'), 32)).toBe(true);
  });
  it('accepts a scalar as long as the curve allows, with its sign byte, and refuses one byte more', () => {
    const n32 = 'ff'.repeat(32);
    expect(isDerEcdsaSignature(der(`3026 0221 00${n32} 020101`), 32)).toBe(true);
    expect(isDerEcdsaSignature(der(`3026 0221 01${n32} 020101`), 32)).toBe(false);
    expect(isDerEcdsaSignature(der(`3026 020101 0221 01${n32}`), 32)).toBe(false);
    expect(isDerEcdsaSignature(der(`3026 020101 0221 01${n32}`), 48)).toBe(true);
  });
  it('refuses a wrong or non-minimal length, a padded or negative integer, or trailing bytes', () => {
    expect(isDerEcdsaSignature(der('3005 020101 020102'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('3007 020101 020102'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('308106 020101 020102'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('3007 02020001 020102'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('3006 020181 020102'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('3006 020101 020102 00'), 32)).toBe(false);
    expect(isDerEcdsaSignature(der('3106 020101 020102'), 32)).toBe(false);
  });
});

/** Where the token's closing ECDSA-Sig-Value starts: the SEQUENCE whose length runs to the end. */
function signatureOffset(token: Uint8Array): number {
  for (let at = token.length - 8; at > token.length - 80; at--) {
    if (token[at] === 0x30 && token[at + 1] === token.length - at - 2 && token[at - 2] === 0x04) return at;
  }
  throw new Error('no ECDSA signature at the end of the token');
}

function opensslAccepts(token: Uint8Array, digest: Uint8Array): boolean {
  try {
    tsa.opensslVerify(token, digest);
    return true;
  } catch {
    return false;
  }
}

/** The offsets of every length octet and BIT STRING unused-bits octet, as `openssl asn1parse` lays the DER out. */
function asn1EncodingOctets(der: Uint8Array): Set<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'betproof-asn1-'));
  const file = path.join(dir, 'token.der');
  writeFileSync(file, der);
  const out = execFileSync('openssl', ['asn1parse', '-inform', 'DER', '-in', file], { encoding: 'utf8' });
  rmSync(dir, { recursive: true });
  const octets = new Set<number>();
  for (const m of out.matchAll(/^\s*(\d+):d=\d+\s+hl=(\d+)\s+l=\s*\d+\s+\w+:\s*(\S+(?: \S+)?)/gm)) {
    const [offset, headerLength] = [Number(m[1]), Number(m[2])];
    for (let i = offset + 1; i < offset + headerLength; i++) octets.add(i);
    if (m[3] === 'BIT STRING') octets.add(offset + headerLength);
  }
  return octets;
}

/**
 * RFC 3161 time-stamps of checkpoints (docs/LOG.md, "Time-stamps"): the request a log sends to a
 * Time-Stamp Authority, the token it keeps from the answer, and the checks a verifier makes on a
 * token. The ASN.1 and CMS are pkijs's and asn1js's; this module only says which fields must hold
 * what. What a token stamps is the SHA-256 of a checkpoint's signed text (the note body).
 *
 * Node-only (node:crypto); the pages read tokens' times from the server's JSON, not from DER.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const SIGNED_DATA = '1.2.840.113549.1.7.2';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const COMMON_NAME = '2.5.4.3';
/** ecdsa-with-SHA224 … SHA512 share this arc. */
const ECDSA_WITH_SHA2 = '1.2.840.10045.4.3.';
/** The bytes of a scalar (r, s) on each named curve WebCrypto verifies: P-256, P-384, P-521. */
const CURVE_SCALAR_BYTES: Readonly<Record<string, number>> = {
  '1.2.840.10045.3.1.7': 32,
  '1.3.132.0.34': 48,
  '1.3.132.0.35': 66,
};

export class TimestampError extends Error {
  /** True when the token may be sound but does not chain to the roots given (another authority's). */
  constructor(
    message: string,
    readonly untrusted = false,
  ) {
    super(message);
  }
}

/** The digest a checkpoint's token stamps: SHA-256 of the checkpoint's signed text. */
export const checkpointDigest = (checkpointBody: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(checkpointBody, 'utf8').digest());

const bytes = (view: ArrayBuffer | Uint8Array): Uint8Array => new Uint8Array(view);
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

function parseDer(der: Uint8Array, what: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1 || parsed.offset !== der.length) throw new TimestampError(`${what} is not DER`);
  return parsed.result;
}

export interface TimestampRequest {
  der: Uint8Array;
  /** A random positive integer the answer must repeat (hex): binds the answer to this request. */
  nonce: string;
}

/** A TimeStampReq for `digest` (SHA-256), asking for the TSA's certificate in the token. */
export function timestampRequest(digest: Uint8Array, nonce: Uint8Array = randomBytes(8)): TimestampRequest {
  const positive = Uint8Array.from(nonce);
  positive[0] = (positive[0]! & 0x7f) | 0x01; // a positive INTEGER, with no leading zero byte
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: positive }),
    certReq: true,
  });
  return { der: bytes(request.toSchema().toBER()), nonce: Buffer.from(positive).toString('hex') };
}

export interface TokenInfo {
  /** The time the TSA says it stamped, from its TSTInfo. */
  genTime: Date;
  /** The stamped digest (SHA-256 here). */
  imprint: Uint8Array;
  /** The TSA's name: the common name of the certificate that signed the token. */
  tsaName: string;
  serial: string;
  nonce: string | null;
}

interface OpenedToken {
  info: TokenInfo;
  signedData: pkijs.SignedData;
}

const commonName = (name: pkijs.RelativeDistinguishedNames): string | undefined =>
  name.typesAndValues.find((t) => t.type === COMMON_NAME)?.value.valueBlock.value as string | undefined;

function openToken(token: Uint8Array): OpenedToken {
  let contentInfo: pkijs.ContentInfo;
  let signedData: pkijs.SignedData;
  let tstInfo: pkijs.TSTInfo;
  try {
    contentInfo = new pkijs.ContentInfo({ schema: parseDer(token, 'the token') });
    if (contentInfo.contentType !== SIGNED_DATA) throw new TimestampError('the token is not CMS SignedData');
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const content = signedData.encapContentInfo;
    if (content.eContentType !== TST_INFO || !content.eContent) {
      throw new TimestampError('the token does not carry a TSTInfo');
    }
    tstInfo = new pkijs.TSTInfo({ schema: parseDer(bytes(content.eContent.getValue()), 'the TSTInfo') });
  } catch (err) {
    if (err instanceof TimestampError) throw err;
    throw new TimestampError(`malformed time-stamp token: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (tstInfo.messageImprint.hashAlgorithm.algorithmId !== SHA256) {
    throw new TimestampError('the token stamps a digest that is not SHA-256');
  }
  const signer = signerCertificate(signedData);
  return {
    signedData,
    info: {
      genTime: tstInfo.genTime,
      imprint: bytes(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
      tsaName: (signer && commonName(signer.subject)) ?? 'unnamed time-stamp authority',
      serial: Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString('hex'),
      nonce: tstInfo.nonce ? Buffer.from(tstInfo.nonce.valueBlock.valueHexView).toString('hex') : null,
    },
  };
}

/** The certificate of the token's (first) signer, when the token carries it. */
function signerCertificate(signedData: pkijs.SignedData): pkijs.Certificate | undefined {
  const sid = signedData.signerInfos[0]?.sid;
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  }
  return undefined;
}

/** Reads a token's stamped digest, time and TSA without checking its signature (the server's view). */
export const readToken = (token: Uint8Array): TokenInfo => openToken(token).info;

/**
 * The token inside a TSA's answer (TimeStampResp), checked against the request: granted, for our
 * digest, with our nonce. Answers the token's DER bytes exactly as the TSA sent them.
 */
export function tokenFromResponse(response: Uint8Array, request: { digest: Uint8Array; nonce: string }): Uint8Array {
  const parsed = parseDer(response, 'the answer');
  let resp: pkijs.TimeStampResp;
  try {
    resp = new pkijs.TimeStampResp({ schema: parsed });
  } catch (err) {
    throw new TimestampError(`not a time-stamp response: ${err instanceof Error ? err.message : String(err)}`);
  }
  const status = resp.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = resp.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw new TimestampError(`the authority refused (status ${status}${text ? `: ${text}` : ''})`);
  }
  // The token's bytes as received (a re-encoding could differ from what the TSA signed around).
  const token = (parsed as asn1js.Sequence).valueBlock.value[1];
  if (!token) throw new TimestampError('the answer carries no token');
  const der = bytes(token.valueBeforeDecodeView);
  const { info } = openToken(der);
  if (!sameBytes(info.imprint, request.digest)) throw new TimestampError('the token stamps another digest');
  if (info.nonce !== request.nonce) throw new TimestampError('the token does not repeat our nonce');
  return der;
}

/** The DER certificates in a PEM file (one or more `BEGIN CERTIFICATE` blocks). */
export function certificatesFromPem(pem: string): Uint8Array[] {
  const blocks = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  return blocks.map((m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')));
}

/**
 * Whether an ECDSA signature is ECDSA-Sig-Value in DER: SEQUENCE { INTEGER r, INTEGER s }, every
 * length exact and minimal, each integer positive, minimal and no longer than the curve's scalars
 * (`scalarBytes`). pkijs converts the signature to WebCrypto's r‖s reading it leniently: a wrong
 * SEQUENCE length still verifies, and an s one byte too long (s + 2^256, say) is copied over r's
 * last byte, so it verifies whenever that byte equals s's extra one. OpenSSL refuses both, and so
 * must we, or one token would have several accepted encodings.
 */
export function isDerEcdsaSignature(sig: Uint8Array, scalarBytes: number): boolean {
  let at = 0;
  const length = (): number => {
    const first = sig[at++];
    if (first === undefined || first > 0x81) return -1;
    if (first < 0x80) return first;
    const long = sig[at++];
    return long !== undefined && long >= 0x80 ? long : -1;
  };
  const integer = (): boolean => {
    if (sig[at++] !== 0x02) return false;
    const n = length();
    if (n < 1 || at + n > sig.length) return false;
    const [lead, next] = [sig[at]!, sig[at + 1] ?? 0];
    at += n;
    // Positive (high bit clear), minimal (no leading 0x00 unless the next byte needs it), and
    // within the curve's size once that sign byte is set aside.
    const value = lead === 0 ? n - 1 : n;
    return lead < 0x80 && !(lead === 0 && n > 1 && next < 0x80) && value <= scalarBytes;
  };
  if (sig[at++] !== 0x30) return false;
  const total = length();
  return total === sig.length - at && integer() && integer() && at === sig.length;
}

/** The bytes of r and s for an EC public key's named curve; undefined for any other key. */
function scalarBytesOf(key: pkijs.PublicKeyInfo): number | undefined {
  const params: unknown = key.algorithm.algorithmParams;
  return params instanceof asn1js.ObjectIdentifier ? CURVE_SCALAR_BYTES[params.valueBlock.toString()] : undefined;
}

/**
 * pkijs's WebCrypto engine, refusing an ECDSA signature that is not strict DER for its key's curve
 * before pkijs's lenient conversion reads it: the token's own signature and each certificate's in
 * its chain, as OpenSSL refuses them.
 */
class StrictEcdsaEngine extends pkijs.CryptoEngine {
  override async verifyWithPublicKey(
    data: BufferSource,
    signature: asn1js.BitString | asn1js.OctetString,
    publicKeyInfo: pkijs.PublicKeyInfo,
    signatureAlgorithm: pkijs.AlgorithmIdentifier,
    shaAlgorithm?: string,
  ): Promise<boolean> {
    if (signatureAlgorithm.algorithmId.startsWith(ECDSA_WITH_SHA2)) {
      const scalarBytes = scalarBytesOf(publicKeyInfo);
      if (scalarBytes === undefined || !isDerEcdsaSignature(bytes(signature.valueBlock.valueHexView), scalarBytes)) {
        return false;
      }
    }
    return super.verifyWithPublicKey(data, signature, publicKeyInfo, signatureAlgorithm, shaAlgorithm);
  }
}
const strictEngine = new StrictEcdsaEngine({ name: 'strict-ecdsa', crypto: globalThis.crypto });

function hasTimeStampingUsage(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE);
  const usage = extension?.parsedValue as pkijs.ExtKeyUsage | undefined;
  return !!usage?.keyPurposes.includes(TIME_STAMPING);
}

/**
 * Checks a token the way `openssl ts -verify` does for our purpose: it stamps the SHA-256 of
 * `checkpointBody`,
 * its CMS signature verifies, and the signing certificate — which must be a time-stamping
 * certificate (extended key usage timeStamping) — chains to one of `roots`, valid at the stamped
 * time. Answers what the token says; throws TimestampError with the reason otherwise.
 */
export async function verifyToken(
  token: Uint8Array,
  checkpointBody: string,
  roots: readonly Uint8Array[],
): Promise<TokenInfo> {
  const { info, signedData } = openToken(token);
  const digest = checkpointDigest(checkpointBody);
  if (!sameBytes(info.imprint, digest)) throw new TimestampError('the token stamps another digest than the checkpoint');
  const signer = signerCertificate(signedData);
  if (!signer) throw new TimestampError('the token does not carry its signing certificate');
  if (!hasTimeStampingUsage(signer)) {
    throw new TimestampError(`"${info.tsaName}" is not a time-stamping certificate (no timeStamping key usage)`);
  }
  const signerInfo = signedData.signerInfos[0];
  if (signerInfo?.signatureAlgorithm.algorithmId.startsWith(ECDSA_WITH_SHA2)) {
    const scalarBytes = scalarBytesOf(signer.subjectPublicKeyInfo);
    if (scalarBytes === undefined) throw new TimestampError("the token's signing key is not on P-256, P-384 or P-521");
    if (!isDerEcdsaSignature(bytes(signerInfo.signature.valueBlock.valueHexView), scalarBytes)) {
      throw new TimestampError("the token's signature is not a DER ECDSA signature");
    }
  }
  const trusted = roots.map((der) => pkijs.Certificate.fromBER(Uint8Array.from(der)));
  const result = await signedData
    .verify(
      {
        signer: 0,
        // pkijs hashes the stamped data itself and compares it with the token's imprint.
        data: new Uint8Array(Buffer.from(checkpointBody, 'utf8')).buffer,
        trustedCerts: trusted,
        checkChain: true,
        checkDate: info.genTime,
        extendedMode: true,
      },
      strictEngine,
    )
    .catch((err: unknown) => (err && typeof err === 'object' && 'message' in err ? err : { message: String(err) }));
  const outcome = result as Partial<pkijs.SignedDataVerifyResult>;
  // pkijs checks the chain first: a chain that fails leaves the signature unchecked.
  if (outcome.signerCertificateVerified !== true) {
    throw new TimestampError(`the token's certificate does not chain to the given roots (${outcome.message})`, true);
  }
  if (!outcome.signatureVerified)
    throw new TimestampError(`the token's signature does not verify (${outcome.message})`);
  return info;
}

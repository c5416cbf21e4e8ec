import { createHash, randomBytes, verify } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

// The trusted timestamp port (issue 40): a piece of evidence's SHA-256 sealed by a Time Stamping Authority
// with an RFC 3161 token, which anyone verifies with `openssl ts -verify` against the TSA's certificates. Two
// engines behind one interface, as the storage has (ADR 018): the embedded local TSA (local-tsa.ts, a key and
// certificate of its own made at its first use, so everything works offline) and a real TSA over HTTP
// (http-tsa.ts: qualified Italian TSAs speak plain RFC 3161). Both ask with the same request and read the
// answer with the same checks (below); timestamps-contract.ts is the suite both pass.

/** A sealed digest: what the dossier keeps beside the file. */
export interface Timestamp {
  /** The TSA's whole answer (TimeStampResp, DER): the `.tsr` file `openssl ts -verify -in` reads. */
  response: Buffer;
  /** The time the TSA put in the token. */
  genTime: Date;
  /** The token's serial number, in hex: with the TSA's name it names the token. */
  serial: string;
}

export interface TimestampAuthority {
  /**
   * Seals a SHA-256 digest, in hex as the storage writes it (storage.ts `sha256`). Throws TimestampError when
   * the TSA refuses or cannot be reached.
   */
  stamp(sha256Hex: string): Promise<Timestamp>;
  /**
   * What a verifier trusts beside the tokens (each carries the TSA's own certificate): the certificates up to
   * the root, PEM one after the other, the file `openssl ts -verify -CAfile` takes.
   */
  chain(): Promise<string>;
}

/** The TSA refused, answered what is no valid token for the request, or could not be reached. */
export class TimestampError extends Error {
  override name = "TimestampError";
}

export const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStamping: "1.3.6.1.5.5.7.3.8",
} as const;

const HASHES: Record<string, string> = {
  [OID.sha256]: "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};

/**
 * Whether the token's first signer signed this content: its signed attributes name the content's digest, and
 * their signature verifies with the key of the certificate the token carries for it. (pkijs's own verify
 * wants the stamped data itself, which the server has only as a digest.) RSA and ECDSA, as TSAs sign.
 */
function signatureVerifies(signed: pkijs.SignedData, content: Buffer): boolean {
  const signer = signed.signerInfos[0];
  const attributes = signer?.signedAttrs;
  const hash = signer && HASHES[signer.digestAlgorithm.algorithmId];
  if (!signer || !attributes || !hash) return false;
  const digest = attributes.attributes.find((attribute) => attribute.type === OID.messageDigest)?.values[0];
  if (!(digest instanceof asn1js.OctetString)) return false;
  if (!Buffer.from(digest.valueBlock.valueHexView).equals(createHash(hash).update(content).digest()))
    return false;
  const sid = signer.sid;
  const certificate = (signed.certificates ?? []).find(
    (item): item is pkijs.Certificate =>
      item instanceof pkijs.Certificate &&
      sid instanceof pkijs.IssuerAndSerialNumber &&
      item.serialNumber.isEqual(sid.serialNumber) &&
      item.issuer.isEqual(sid.issuer),
  );
  if (!certificate) return false;
  // What was signed is the attributes' DER as a SET (RFC 5652 §5.4), not as the [0] they are sent in.
  const signedBytes = Buffer.from(attributes.encodedValue);
  signedBytes[0] = 0x31;
  try {
    return verify(
      hash,
      signedBytes,
      { key: der(certificate.subjectPublicKeyInfo), format: "der", type: "spki", dsaEncoding: "der" },
      Buffer.from(signer.signature.valueBlock.valueHexView),
    );
  } catch {
    return false;
  }
}

/** The DER of a pkijs object as a Buffer. */
export const der = (object: { toSchema(): asn1js.AsnType }) => Buffer.from(object.toSchema().toBER(false));

/** A view pkijs and asn1js read without copying. */
export const arrayBuffer = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * A positive INTEGER of `bytes` random bytes (serial numbers, nonces), in DER's one encoding: its first byte
 * between 0x40 and 0x7f, so neither a sign byte nor a leading zero is ever needed. (A first byte of 0x00 before
 * one under 0x80 is padding DER forbids: OpenSSL refused one token in 256 as "illegal padding".)
 */
export function randomPositiveInteger(bytes: number): asn1js.Integer {
  const value = randomBytes(bytes);
  value[0] = ((value[0] ?? 0) & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: arrayBuffer(value) });
}

const hex = (integer: asn1js.Integer) => Buffer.from(integer.valueBlock.valueHexView).toString("hex");

/** The 32 bytes of a SHA-256 written in hex; anything else is a caller's mistake. */
function digestBytes(sha256Hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new TypeError("a SHA-256 digest is 64 lower-case hex digits");
  return Buffer.from(sha256Hex, "hex");
}

/** The request for a digest: SHA-256, a fresh nonce, the TSA's certificate asked for (the token carries it). */
export function timestampRequest(sha256Hex: string): { request: Buffer; nonce: asn1js.Integer } {
  const digest = digestBytes(sha256Hex);
  const nonce = randomPositiveInteger(8);
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(digest) }),
    }),
    nonce,
    certReq: true,
  });
  return { request: der(request), nonce };
}

/**
 * The answer to the request for `digest` with `nonce`, checked as a verifier would: granted, a SignedData of
 * a TSTInfo whose imprint is the digest and whose nonce is ours, signed by the certificate it carries. What
 * fails throws TimestampError, saying what.
 */
export async function readTimestampResponse(
  response: Buffer,
  sha256Hex: string,
  nonce: asn1js.Integer,
): Promise<Timestamp> {
  const digest = digestBytes(sha256Hex);
  let parsed: pkijs.TimeStampResp;
  try {
    parsed = pkijs.TimeStampResp.fromBER(arrayBuffer(response));
  } catch {
    throw new TimestampError("the TSA's answer is no TimeStampResp");
  }
  const status = parsed.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const said = parsed.status.statusStrings?.map((text) => text.valueBlock.value).join("; ");
    throw new TimestampError(`the TSA refused the request (status ${status}${said ? `: ${said}` : ""})`);
  }
  const token = parsed.timeStampToken;
  if (!token || token.contentType !== OID.signedData)
    throw new TimestampError("the TSA's answer holds no token");
  const signed = new pkijs.SignedData({ schema: token.content });
  const content = signed.encapContentInfo;
  if (content.eContentType !== OID.tstInfo || !content.eContent)
    throw new TimestampError("the token holds no TSTInfo");
  const info = pkijs.TSTInfo.fromBER(content.eContent.getValue());
  const imprint = info.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    !Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(digest)
  )
    throw new TimestampError("the token seals another digest");
  if (!info.nonce || hex(info.nonce) !== hex(nonce))
    throw new TimestampError("the token answers another request");
  if (!signatureVerifies(signed, Buffer.from(content.eContent.getValue())))
    throw new TimestampError("the token's signature does not verify");
  return { response, genTime: info.genTime, serial: hex(info.serialNumber) };
}

/** The PEM of DER bytes (a certificate unless `label` says otherwise). */
export function pem(bytes: Buffer, label = "CERTIFICATE"): string {
  const lines = bytes.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

/** The certificates of a token (the TSA's, when the request asked for it), as PEM. */
export function tokenCertificates(response: Buffer): string[] {
  const token = pkijs.TimeStampResp.fromBER(arrayBuffer(response)).timeStampToken;
  if (!token) return [];
  const signed = new pkijs.SignedData({ schema: token.content });
  return (signed.certificates ?? [])
    .filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate)
    .map((certificate) => pem(der(certificate)));
}

import { randomUUID, webcrypto } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { type Clock, now } from "../clock.ts";
import { sha256 } from "../storage/storage.ts";
import {
  arrayBuffer,
  der,
  OID,
  pem,
  randomPositiveInteger,
  readTimestampResponse,
  type TimestampAuthority,
  timestampRequest,
} from "./timestamp-authority.ts";

// The embedded Time Stamping Authority (timestamp-authority.ts): made at its first use in DATA_DIR/tsa, a root
// certificate of its own and the TSA's certificate under it (extended key usage timeStamping, critical, as
// RFC 3161 §2.3 asks), the TSA's key beside it (0600). The root's key signs the TSA's certificate and is then
// dropped: nothing can issue another. Its tokens are real RFC 3161 tokens that `openssl ts -verify` accepts
// against root.pem; what they cannot prove is that the server's clock was right, which a qualified TSA's
// can: production refuses this one unless TSA_EMBEDDED_ALLOWED says otherwise (config.ts).

/** The TSA policy its tokens name: a UUID arc (ITU-T X.667), Argine's own without registering one. */
export const LOCAL_TSA_POLICY = "2.25.283921870563218873946218735095426711061";

const KEY = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGN_HASH = "SHA-256";
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

type CryptoKey = webcrypto.CryptoKey;
const DAY_MS = 24 * 3600_000;
const sha256Bytes = (bytes: Uint8Array) => Buffer.from(sha256(bytes), "hex");

const crypto = new pkijs.CryptoEngine({
  name: "node",
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"],
});

/** The local TSA: its authority (in-process) and its answer to a request (the loopback server of the tests). */
export interface LocalTsa {
  authority: TimestampAuthority;
  /** The TimeStampResp (DER) to a TimeStampReq (DER), as a TSA's HTTP endpoint answers it. */
  respond(request: Buffer): Promise<Buffer>;
}

interface Identity {
  key: CryptoKey;
  certificate: pkijs.Certificate;
  chain: string;
}

/** The local TSA of `dir` (DATA_DIR/tsa): made there at the first call, read from there after. */
export async function loadLocalTsa(dir: string, clock: Clock): Promise<LocalTsa> {
  const identity = (await readIdentity(dir)) ?? (await createIdentity(dir, clock));
  const respond = (request: Buffer) => answer(identity, request, clock);
  return {
    respond,
    authority: {
      async stamp(digest) {
        const { request, nonce } = timestampRequest(digest);
        return readTimestampResponse(await respond(request), digest, nonce);
      },
      chain: async () => identity.chain,
    },
  };
}

const FILES = { key: "tsa.key", certificate: "tsa.pem", root: "root.pem" } as const;

async function readIdentity(dir: string): Promise<Identity | null> {
  if (!existsSync(join(dir, FILES.key))) return null;
  const [key, certificate, root] = await Promise.all(
    Object.values(FILES).map((file) => readFile(join(dir, file), "utf8")),
  );
  return {
    key: await crypto.importKey("pkcs8", fromPem(key ?? "", "PRIVATE KEY"), KEY, false, ["sign"]),
    certificate: pkijs.Certificate.fromBER(fromPem(certificate ?? "", "CERTIFICATE")),
    chain: `${certificate}${root}`,
  };
}

/**
 * A root and the TSA's certificate under it, written to a folder aside then renamed into place whole: two
 * processes starting at once on one folder keep the first one's, and a crash leaves no half of one.
 */
async function createIdentity(dir: string, clock: Clock): Promise<Identity> {
  const from = now(clock);
  const root = await webcrypto.subtle.generateKey(KEY, false, ["sign", "verify"]);
  const tsa = await webcrypto.subtle.generateKey(KEY, true, ["sign", "verify"]);
  const rootName = "Argine - autorità di marcatura temporale locale (radice)";
  const rootCertificate = await certificate({
    subject: rootName,
    issuer: rootName,
    publicKey: root.publicKey,
    signingKey: root.privateKey,
    from,
    years: 20,
    extensions: [
      extension("2.5.29.19", true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 })),
      // keyCertSign and cRLSign (bits 5 and 6).
      extension(
        "2.5.29.15",
        true,
        new asn1js.BitString({ valueHex: new Uint8Array([0x06]).buffer, unusedBits: 1 }),
      ),
    ],
  });
  const tsaCertificate = await certificate({
    subject: "Argine - marcatura temporale locale",
    issuer: rootName,
    publicKey: tsa.publicKey,
    signingKey: root.privateKey,
    from,
    years: 10,
    extensions: [
      extension("2.5.29.19", true, new pkijs.BasicConstraints({ cA: false })),
      // digitalSignature and nonRepudiation (bits 0 and 1).
      extension(
        "2.5.29.15",
        true,
        new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 }),
      ),
      extension("2.5.29.37", true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] })),
    ],
  });
  const privateKey = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", tsa.privateKey));
  const aside = `${dir}.${randomUUID()}`;
  await mkdir(aside, { recursive: true, mode: 0o700 });
  await writeFile(join(aside, FILES.key), pem(privateKey, "PRIVATE KEY"), { mode: 0o600 });
  await writeFile(join(aside, FILES.certificate), pem(der(tsaCertificate)));
  await writeFile(join(aside, FILES.root), pem(der(rootCertificate)));
  try {
    await rename(aside, dir);
  } catch (error) {
    await rm(aside, { recursive: true, force: true });
    const other = await readIdentity(dir);
    if (other) return other;
    throw error;
  }
  return (await readIdentity(dir)) as Identity;
}

function extension(
  extnID: string,
  critical: boolean,
  value: { toSchema(): asn1js.AsnType } | asn1js.AsnType,
) {
  const schema = "toSchema" in value ? value.toSchema() : value;
  // pkijs wraps the value's DER in the extension's OCTET STRING itself.
  return new pkijs.Extension({ extnID, critical, extnValue: schema.toBER(false) });
}

const name = (commonName: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: "2.5.4.6",
        value: new asn1js.PrintableString({ value: "IT" }),
      }),
      new pkijs.AttributeTypeAndValue({
        type: "2.5.4.10",
        value: new asn1js.Utf8String({ value: "Argine" }),
      }),
      new pkijs.AttributeTypeAndValue({
        type: "2.5.4.3",
        value: new asn1js.Utf8String({ value: commonName }),
      }),
    ],
  });

async function certificate(options: {
  subject: string;
  issuer: string;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  from: Date;
  years: number;
  extensions: pkijs.Extension[];
}): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate({
    version: 2,
    serialNumber: randomPositiveInteger(16),
    subject: name(options.subject),
    issuer: name(options.issuer),
    // A day early: a verifier whose clock is behind the server's (a laptop at a police station, a test's
    // clock run ahead) still finds the certificate valid.
    notBefore: validity(new Date(options.from.getTime() - DAY_MS)),
    notAfter: validity(new Date(options.from.getTime() + options.years * YEAR_MS)),
    extensions: options.extensions,
  });
  await certificate.subjectPublicKeyInfo.importKey(options.publicKey, crypto);
  await certificate.sign(options.signingKey, SIGN_HASH, crypto);
  return certificate;
}

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 (anything else fails verifiers). */
const validity = (value: Date) =>
  new pkijs.Time({
    type: value.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime,
    value,
  });

/** The TimeStampResp to `request`: a token for a SHA-256 imprint, a refusal (status 2) for anything else. */
async function answer(identity: Identity, request: Buffer, clock: Clock): Promise<Buffer> {
  let parsed: pkijs.TimeStampReq;
  try {
    parsed = pkijs.TimeStampReq.fromBER(arrayBuffer(request));
  } catch {
    return refusal("not a TimeStampReq", 5); // badDataFormat
  }
  const imprint = parsed.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== OID.sha256 ||
    imprint.hashedMessage.valueBlock.valueHexView.length !== 32
  )
    return refusal("only SHA-256 imprints are stamped", 0); // badAlg
  const info = new pkijs.TSTInfo({
    version: 1,
    policy: LOCAL_TSA_POLICY,
    messageImprint: imprint,
    serialNumber: randomPositiveInteger(16),
    genTime: now(clock),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(parsed.nonce ? { nonce: parsed.nonce } : {}),
  });
  const content = der(info);
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: arrayBuffer(content) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: identity.certificate.issuer,
          serialNumber: identity.certificate.serialNumber,
        }),
        // RFC 3161 §2.4.2 (with RFC 5816): the content type, the content's digest, and the signing
        // certificate's hash, which binds the token to the TSA's certificate (`openssl ts -verify` checks it).
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256Bytes(content)) })],
            }),
            new pkijs.Attribute({
              type: OID.signingCertificateV2,
              values: [signingCertificateV2(der(identity.certificate))],
            }),
          ],
        }),
      }),
    ],
    ...(parsed.certReq ? { certificates: [identity.certificate] } : {}),
  });
  await signed.sign(identity.key, 0, SIGN_HASH, undefined, crypto);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }),
  });
  return der(response);
}

/** SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 } with one ESSCertIDv2 (SHA-256, the default). */
function signingCertificateV2(certificate: Buffer): asn1js.Sequence {
  const certHash = new asn1js.OctetString({ valueHex: arrayBuffer(sha256Bytes(certificate)) });
  return new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certHash] })] })],
  });
}

function refusal(text: string, failBit: number): Buffer {
  const bits = new Uint8Array([0x80 >> failBit]);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: new asn1js.BitString({ valueHex: bits.buffer, unusedBits: 7 - failBit }),
    }),
  });
  return der(response);
}

function fromPem(text: string, label: string): ArrayBuffer {
  const body = text.match(new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`))?.[1];
  if (!body) throw new Error(`no ${label} in the local TSA's files`);
  return arrayBuffer(Buffer.from(body.replace(/\s+/g, ""), "base64"));
}

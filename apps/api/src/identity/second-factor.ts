import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { hashToken } from "./link-tokens.ts";

// The authenticator app's codes (TOTP, RFC 6238, through otplib) and the recovery codes (ADR 036). The secret
// is stored sealed (AES-256-GCM) under a key derived from DOCUMENT_LINK_KEY for this purpose, as the
// consultation's links are signed with it (consultation/manage-token.ts): a read of the database alone gives
// no secret. Recovery codes are stored as their SHA-256 only, like the mailed links' tokens.

const ISSUER = "Argine";
// A code of the step before or after the current one is still accepted (the tolerance is one period): a
// phone's clock a little off, a code typed as it changes.
export const RECOVERY_CODE_COUNT = 10;
const SEAL_VERSION = "v1";

/** The sealing key: the server key under a purpose of its own, so it opens nothing else and nothing opens it. */
const sealingKey = (serverKey: Buffer) =>
  createHmac("sha256", serverKey).update("argine: second factor secrets").digest();

/** `v1.<nonce>.<ciphertext+tag>` (base64url), bound to the account so a sealed secret moved to another fails. */
export function sealSecret(serverKey: Buffer, userId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(serverKey), nonce);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [SEAL_VERSION, nonce.toString("base64url"), sealed.toString("base64url")].join(".");
}

export function openSecret(serverKey: Buffer, userId: string, sealed: string): string {
  const [version, nonce, body] = sealed.split(".");
  if (version !== SEAL_VERSION || !nonce || !body) throw new Error("unknown sealed secret");
  const bytes = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(serverKey), Buffer.from(nonce, "base64url"));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString();
}

/** A new secret (20 random bytes in base32, as authenticator apps expect) and how the app is told about it. */
export async function newTotpSecret(email: string, period: number) {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label: email, secret, ...(period === 30 ? {} : { period }) });
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { secret, uri, qrCode };
}

/** Six digits, as typed (spaces allowed): the time step it belongs to, or null for a wrong or malformed code. */
export async function totpTimeStep(
  secret: string,
  code: string,
  { at, period }: { at: Date; period: number },
): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    period,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: period,
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

// 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of five.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** Ten new recovery codes, shown once: each "xxxxx-xxxxx". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** What the database keeps of a recovery code, however it was typed (case, spaces, the dash). */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${code.toLowerCase().replace(/[^0-9a-z]/g, "")}`);
}

/** Whether what was typed looks like a recovery code rather than an app's code. */
export const looksLikeRecoveryCode = (code: string) => /[a-z]/i.test(code);

/** How long the code may follow the password within one sign-in step. */
const STEP_TTL_MS = 5 * 60_000;

/**
 * The sign-in step's proof that the password was right (ADR 036): `<userId>.<expiry>.<mac>`, the MAC over the
 * step's uid (itself bound to the interaction cookie) under the provider's cookie key. It names the account
 * the code is then checked for, and works for that step only, a few minutes.
 */
export function secondFactorStep(keys: readonly string[]) {
  const mac = (uid: string, userId: string, expires: number, key = keys[0] ?? "") =>
    createHmac("sha256", key).update(`second-factor:${uid}:${userId}:${expires}`).digest("base64url");
  return {
    /** Signed with the newest key; any of `keys` verifies (another process may sign with a newer one). */
    issue(uid: string, userId: string, at: Date): string {
      const expires = at.getTime() + STEP_TTL_MS;
      return `${userId}.${expires}.${mac(uid, userId, expires)}`;
    },
    /** The account the token names, or null for a forged, expired or another step's token. */
    accountOf(uid: string, token: string, at: Date): string | null {
      const [userId, expiresText, given] = token.split(".");
      const expires = Number(expiresText);
      if (!userId || !given || !Number.isSafeInteger(expires) || expires < at.getTime()) return null;
      const got = Buffer.from(given);
      const signed = keys.some((key) => {
        const expected = Buffer.from(mac(uid, userId, expires, key));
        return expected.length === got.length && timingSafeEqual(expected, got);
      });
      return signed ? userId : null;
    },
  };
}

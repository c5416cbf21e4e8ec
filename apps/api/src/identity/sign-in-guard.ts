import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SIGN_IN_FAILURE_WINDOW_MS, signInHeldUntil } from "@argine/core/identity/sign-in-guard";
import type { Db } from "@argine/db/client";
import {
  clearLoginFailures,
  forgetLoginFailures,
  lockLoginFailureKeys,
  loginFailureStats,
  normalizeEmail,
  recordLoginFailure,
} from "@argine/db/queries/users";

// The password sign-in's brute-force protection without a hard lock (ADR 035): failures are counted per
// account, per address and per trusted device, and a key with too many waits a growing, capped delay
// (core's sign-in-guard.ts). A browser that signed in to an account before carries a trust cookie for it: its
// attempts count only against that device, so an attacker's failures on the account do not hold its owner back.

export const accountKey = (email: string) => `email:${normalizeEmail(email)}`;
export const addressKey = (ip: string) => `ip:${ip}`;
export const deviceKey = (deviceId: string) => `device:${deviceId}`;

/** The latest moment any of `keys` is held until, or null when none is held at `at`. */
export async function heldUntil(db: Db, keys: readonly string[], at: Date): Promise<Date | null> {
  const since = new Date(at.getTime() - SIGN_IN_FAILURE_WINDOW_MS);
  let latest: Date | null = null;
  for (const key of keys) {
    const { failures, lastAt } = await loginFailureStats(db, key, since);
    const until = signInHeldUntil(failures, lastAt);
    if (until && until > at && (!latest || until > latest)) latest = until;
  }
  return latest;
}

/**
 * An attempt is counted as a failure before its password is checked (issue 38): under the locks of the keys
 * that hold it back, their counts are read and, unless one already holds it, the failure is recorded under
 * every key it counts against, in one transaction. Concurrent attempts thus see each other: at most the free
 * failures get to argon2 at once, where checking first and recording after let a whole burst through. The
 * moment it is held until, or the ids of the failures recorded, to forget should the password be right (an
 * error in between leaves them counted).
 */
export async function reserveAttempt(
  db: Db,
  { checked, counted }: { checked: readonly string[]; counted: string[] },
  at: Date,
): Promise<{ heldUntil: Date } | { reserved: string[] }> {
  return db.transaction(async (tx: Db) => {
    await lockLoginFailureKeys(tx, checked);
    const until = await heldUntil(tx, checked, at);
    return until ? { heldUntil: until } : { reserved: await recordLoginFailure(tx, counted, at) };
  });
}

/** A right password: the failures its attempt reserved were none. */
export const releaseAttempt = (db: Db, reserved: readonly string[]) => forgetLoginFailures(db, reserved);

export const clearFailures = (db: Db, key: string) => clearLoginFailures(db, key);

// The trust cookie: `<userId>.<deviceId>.<HMAC>` under the provider's cookie key. Only an earlier successful
// sign-in (or the mailed unlock link) to that account hands it out; it says nothing without the key.

export const TRUST_COOKIE = "argine_device";
/** A year: a device the owner keeps using stays known. */
export const TRUST_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const mac = (secret: string, userId: string, deviceId: string) =>
  createHmac("sha256", secret).update(`device:${userId}:${deviceId}`).digest("base64url");

/** A new trust cookie's value for `userId` (a device of its own). */
export function newTrustValue(secret: string, userId: string): string {
  const deviceId = randomBytes(16).toString("base64url");
  return `${userId}.${deviceId}.${mac(secret, userId, deviceId)}`;
}

/** The device a trust cookie names, when it is genuine and for `userId`; else null. */
export function trustedDevice(secret: string, value: string | undefined, userId: string | undefined) {
  if (!value || !userId) return null;
  const [owner, deviceId, given] = value.split(".");
  if (owner !== userId || !deviceId || !given) return null;
  const expected = Buffer.from(mac(secret, userId, deviceId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? deviceId : null;
}

/** The Set-Cookie header of a trust cookie, limited to the sign-in calls. */
export function trustCookieHeader(value: string, secure: boolean): string {
  return `${TRUST_COOKIE}=${value}; Path=/v1/auth; Max-Age=${TRUST_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

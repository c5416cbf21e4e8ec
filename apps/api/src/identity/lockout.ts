import type { Db } from "@argine/db/client";
import {
  clearLoginFailures,
  countLoginFailures,
  normalizeEmail,
  recordLoginFailure,
} from "@argine/db/queries/users";

// At most 10 failed sign-ins per 15 minutes, counted per account (known or not: no enumeration) and per IP.
export const LOCKOUT_MAX_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

const keysFor = (email: string, ip: string) => [`email:${normalizeEmail(email)}`, `ip:${ip}`];

export async function isLockedOut(db: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  for (const key of keysFor(email, ip)) {
    if ((await countLoginFailures(db, key, since)) >= LOCKOUT_MAX_FAILURES) return true;
  }
  return false;
}

export const recordFailure = (db: Db, email: string, ip: string, at: Date) =>
  recordLoginFailure(db, keysFor(email, ip), at);

/** A successful sign-in clears the account's count (the IP's keeps counting other accounts). */
export const clearFailures = (db: Db, email: string) =>
  clearLoginFailures(db, `email:${normalizeEmail(email)}`);

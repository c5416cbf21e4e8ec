import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { SIGN_IN_FAILURE_WINDOW_MS, waitInWords } from "@argine/core/identity/sign-in-guard";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { completePendingClaims } from "@argine/db/queries/practices";
import {
  consumeUserToken,
  createUserToken,
  findUserByEmail,
  findUserById,
  hasLiveUserToken,
  lockUser,
  type UserRow,
} from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { verifyPassword } from "../identity/passwords.ts";
import {
  accountKey,
  addressKey,
  clearFailures,
  deviceKey,
  heldUntil,
  releaseAttempt,
  reserveAttempt,
} from "../identity/sign-in-guard.ts";
import { signInAttemptsMail } from "../mail/templates.ts";

// The embedded provider's sign-in step with email and password (the caller is anonymous), and the mailed link
// that lifts the hold failed attempts put on an account. ADR 035: a progressive delay, never a hard lock.

/** The unlock link lives as long as the failures' window: at most one mail per window while it is unused. */
const UNLOCK_LINK_TTL_MS = SIGN_IN_FAILURE_WINDOW_MS;

/** 429 with the wait in words; `retryAfterSeconds` for the route's Retry-After header. */
function held(until: Date, at: Date): AppError {
  const waitMs = until.getTime() - at.getTime();
  return new AppError("TOO_MANY_REQUESTS", MESSAGES.loginDelayed(waitInWords(waitMs)), {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

/** The owner of an account being held back hears of it, with the unlock link, once per link life. */
async function mailUnlockLink(deps: Deps, user: UserRow, at: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if (await hasLiveUserToken(tx, user.id, "unlock", at)) return;
    const token = newLinkToken();
    await createUserToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      kind: "unlock",
      expiresAt: new Date(at.getTime() + UNLOCK_LINK_TTL_MS),
    });
    const link = `${deps.config.publicUrl}/account/unlock?token=${encodeURIComponent(token)}`;
    await deps.jobs.send(
      tx,
      "mail",
      signInAttemptsMail(user.email, user.name, link, UNLOCK_LINK_TTL_MS / 60_000),
    );
  });
}

/**
 * The account's id, or the error the login form shows. `trustedDeviceOf` reads the browser's trust cookie for
 * an account (identity/sign-in-guard.ts): such a device is held back by its own failures only; any other by the
 * account's and the address's.
 */
export async function signInWithPassword(
  deps: Deps,
  _actor: Actor | null,
  {
    email,
    password,
    ip,
    trustedDeviceOf,
  }: {
    email: string;
    password: string;
    ip: string;
    trustedDeviceOf: (userId: string | undefined) => string | null;
  },
): Promise<{ userId: string }> {
  const at = now(deps.clock);
  const user = await findUserByEmail(deps.db, email);
  const device = trustedDeviceOf(user?.id);
  const account = accountKey(email);
  const checked = device ? [deviceKey(device)] : [account, addressKey(ip)];
  const counted = [account, addressKey(ip), ...(device ? [deviceKey(device)] : [])];
  // Counted as a failure before the password is checked, so a burst cannot all pass the count at once.
  const attempt = await reserveAttempt(deps.db, { checked, counted }, at);
  if ("heldUntil" in attempt) {
    // An unknown address gets the same answer, with no mail (no enumeration: the mail goes to the owner).
    if (user && !device && (await heldUntil(deps.db, [account], at))) await mailUnlockLink(deps, user, at);
    throw held(attempt.heldUntil, at);
  }
  // Same work and same answer for an unknown email and a wrong password; the failure is already counted.
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    if (user && !device && (await heldUntil(deps.db, [account], at))) await mailUnlockLink(deps, user, at);
    throw new AppError("INVALID_CREDENTIALS");
  }
  await releaseAttempt(deps.db, attempt.reserved);
  if (!user.emailVerifiedAt) throw new AppError("EMAIL_NOT_VERIFIED");
  // A known device's success leaves the account's count alone: an attacker keeps waiting.
  await clearFailures(deps.db, device ? deviceKey(device) : account);
  // The practice the registration brought along becomes the account's now, before the web app lands.
  await completePendingClaims(deps.db, user.id, at);
  return { userId: user.id };
}

/**
 * POST /v1/auth/unlock: the mailed link's token, once. The account's failures are cleared, and the route makes
 * the browser that opened the link a trusted device of the account.
 */
export async function unlockSignIn(
  deps: Deps,
  _actor: Actor | null,
  token: string,
): Promise<{ userId: string; message: string }> {
  const userId = await deps.db.transaction(async (tx: Db) => {
    const id = await consumeUserToken(tx, hashToken(token), "unlock", now(deps.clock));
    if (!id) throw new AppError("INVALID_TOKEN");
    const user = await findUserById(tx, id);
    if (!user) throw new AppError("INVALID_TOKEN");
    await clearFailures(tx, accountKey(user.email));
    return id;
  });
  return { userId, message: MESSAGES.signInUnlocked };
}

import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  countLoginFailures,
  forgetLoginFailures,
  lockLoginFailureKeys,
  recordLoginFailure,
} from "@argine/db/queries/users";

// Voucher and gift-card codes are guessed one wrong try at a time: at most 5 wrong codes an hour per account
// and per address (ADR 014). Counted in the failures table the sign-in delay uses (identity/sign-in-guard.ts),
// under keys of their own; a right code costs nothing.

export const WRONG_CODES_MAX = 5;
export const WRONG_CODES_WINDOW_MS = 60 * 60_000;

const keysFor = (actor: Actor, ip: string) => [`code-user:${actor.userId}`, `code-ip:${ip}`];

/**
 * A try counted as a wrong code before the code is checked, under the locks of its keys (as a sign-in's attempt
 * is, identity/sign-in-guard.ts): 429 once the account or the address has used up its wrong codes for the hour,
 * else the ids of the failures recorded, forgotten if the code turns out right. Checking first and recording
 * after let a burst of simultaneous guesses all through.
 */
async function reserveTry(db: Db, actor: Actor, ip: string, at: Date): Promise<string[]> {
  const since = new Date(at.getTime() - WRONG_CODES_WINDOW_MS);
  const keys = keysFor(actor, ip);
  return db.transaction(async (tx: Db) => {
    await lockLoginFailureKeys(tx, keys);
    for (const key of keys) {
      if ((await countLoginFailures(tx, key, since)) >= WRONG_CODES_MAX) {
        throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyWrongCodes);
      }
    }
    return recordLoginFailure(tx, keys, at);
  });
}

type CodeField = "voucherCode" | "giftCardCode" | "code";

/** The refusal of a code, shaped as a field's validation error (the form shows it under the field). */
export const wrongCode = (field: CodeField, message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path: [field], message }] });

function isWrongCode(error: unknown): boolean {
  const issues =
    error instanceof AppError ? (error.details as { issues?: { path: unknown[] }[] })?.issues : null;
  const field = issues?.[0]?.path[0];
  return field === "voucherCode" || field === "giftCardCode" || field === "code";
}

/**
 * Runs `use` of the codes a caller typed (a verification, a checkout carrying a voucher or a gift card):
 * refused while the account or the address has no wrong codes left, and a wrong code counted (before it is
 * checked: reserveTry).
 */
export async function withCodeGuard<T>(
  db: Db,
  actor: Actor,
  ip: string,
  at: Date,
  use: () => Promise<T>,
): Promise<T> {
  const reserved = await reserveTry(db, actor, ip, at);
  try {
    const result = await use();
    await forgetLoginFailures(db, reserved);
    return result;
  } catch (error) {
    // Only a wrong code keeps its failure; any other refusal (a card declined, a bad field) costs nothing.
    if (!isWrongCode(error)) await forgetLoginFailures(db, reserved);
    throw error;
  }
}

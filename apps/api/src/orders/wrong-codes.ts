import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { countLoginFailures, recordLoginFailure } from "@argine/db/queries/users";

// Voucher and gift-card codes are guessed one wrong try at a time: at most 5 wrong codes an hour per account
// and per address (ADR 014). Counted in the failures table the sign-in delay uses (identity/sign-in-guard.ts),
// under keys of their own; a right code costs nothing.

export const WRONG_CODES_MAX = 5;
export const WRONG_CODES_WINDOW_MS = 60 * 60_000;

const keysFor = (actor: Actor, ip: string) => [`code-user:${actor.userId}`, `code-ip:${ip}`];

/** 429 once the account or the address has used up its wrong codes for the hour. */
async function refuseWhileGuessing(db: Db, actor: Actor, ip: string, at: Date): Promise<void> {
  const since = new Date(at.getTime() - WRONG_CODES_WINDOW_MS);
  for (const key of keysFor(actor, ip)) {
    if ((await countLoginFailures(db, key, since)) >= WRONG_CODES_MAX) {
      throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyWrongCodes);
    }
  }
}

const recordWrongCode = (db: Db, actor: Actor, ip: string, at: Date) =>
  recordLoginFailure(db, keysFor(actor, ip), at);

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
 * refused while the account or the address has no wrong codes left, and a wrong code counted.
 */
export async function withCodeGuard<T>(
  db: Db,
  actor: Actor,
  ip: string,
  at: Date,
  use: () => Promise<T>,
): Promise<T> {
  await refuseWhileGuessing(db, actor, ip, at);
  try {
    return await use();
  } catch (error) {
    if (isWrongCode(error)) await recordWrongCode(db, actor, ip, at);
    throw error;
  }
}

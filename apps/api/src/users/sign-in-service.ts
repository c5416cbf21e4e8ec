import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { completePendingClaims } from "@argine/db/queries/practices";
import { findUserByEmail } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { clearFailures, isLockedOut, recordFailure } from "../identity/lockout.ts";
import { verifyPassword } from "../identity/passwords.ts";

/**
 * The embedded provider's sign-in step with email and password (the caller is anonymous): the account's id,
 * or the error the login form shows. Locked out after too many failures per account and per address.
 */
export async function signInWithPassword(
  deps: Deps,
  _actor: Actor | null,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<{ userId: string }> {
  const at = now(deps.clock);
  if (await isLockedOut(deps.db, email, ip, at)) {
    throw new AppError("TOO_MANY_REQUESTS", MESSAGES.loginLocked);
  }
  const user = await findUserByEmail(deps.db, email);
  // Same work and same answer for an unknown email and a wrong password.
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    await recordFailure(deps.db, email, ip, at);
    throw new AppError("INVALID_CREDENTIALS");
  }
  if (!user.emailVerifiedAt) throw new AppError("EMAIL_NOT_VERIFIED");
  await clearFailures(deps.db, email);
  // The practice the registration brought along becomes the account's now, before the web app lands.
  await completePendingClaims(deps.db, user.id, at);
  return { userId: user.id };
}

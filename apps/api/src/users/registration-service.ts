import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import type { RegistrationBody } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import { revokeOidcAccount } from "@argine/db/queries/oidc";
import { bindClaimToAccount, dropPendingClaims } from "@argine/db/queries/practices";
import {
  consumeUserToken,
  createUser,
  createUserToken,
  findUserByEmail,
  findUserById,
  type UserRow,
  updateUser,
} from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { hashToken, newLinkToken } from "../identity/link-tokens.ts";
import { hashPassword } from "../identity/passwords.ts";
import { alreadyRegisteredMail, passwordResetMail, verificationMail } from "../mail/templates.ts";

// Registration and the two mailed-link flows of the embedded provider's accounts: the address's verification
// and the password reset. The callers are anonymous (actor null): what they may learn is the same answer
// whether or not an address is registered. A link's token, its row and its mail are one transaction, so a
// request that fails leaves neither a working link nor a mail pointing to a missing one.

type Message = { message: string };

/** What each kind of mailed link is for: how long it lives, the web page it opens, the mail carrying it. */
const LINKS = {
  verify: { ttlMs: 48 * 3600 * 1000, page: "/account/verify", mail: verificationMail },
  reset: { ttlMs: 3600 * 1000, page: "/account/reset", mail: passwordResetMail },
} as const;

/** A new single-use link for `user`: its token's hash stored and its mail queued, both inside `tx`. */
async function mailLink(deps: Deps, tx: Db, user: UserRow, kind: keyof typeof LINKS): Promise<void> {
  const { ttlMs, page, mail } = LINKS[kind];
  const token = newLinkToken();
  await createUserToken(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    kind,
    expiresAt: new Date(now(deps.clock).getTime() + ttlMs),
  });
  const link = `${deps.config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  await deps.jobs.send(tx, "mail", mail(user.email, user.name, link));
}

/** With an external provider, accounts are its business: these calls do not exist. */
function embeddedOnly(deps: Deps): void {
  if (!deps.config.identity.embedded)
    throw new AppError("NOT_FOUND", "Gli account sono gestiti dal provider di accesso esterno.");
}

/** POST /v1/users. A taken address gets a mail to its owner instead, and the caller the same answer. */
export async function register(deps: Deps, _actor: Actor | null, body: RegistrationBody): Promise<Message> {
  embeddedOnly(deps);
  // Hashing is slow: done before the transaction opens, which then only writes.
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    const created = await createUser(tx, {
      email: body.email,
      name: body.name,
      lastname: body.lastname,
      cellPhone: body.cellPhone ?? null,
      passwordHash,
      privacyConsent: body.privacyConsent,
      marketingConsent: body.marketingConsent,
    });
    if (created) {
      // The questionnaire's practice waits for this account's first sign-in; a wrong or spent token binds
      // nothing and changes no answer.
      if (body.claim)
        await bindClaimToAccount(
          tx,
          body.claim.practiceId,
          created.id,
          hashToken(body.claim.claimToken),
          now(deps.clock),
        );
      return mailLink(deps, tx, created, "verify");
    }
    const existing = await findUserByEmail(tx, body.email);
    if (existing) {
      const { publicUrl } = deps.config;
      await deps.jobs.send(
        tx,
        "mail",
        alreadyRegisteredMail(
          existing.email,
          existing.name,
          `${publicUrl}/account/login`,
          `${publicUrl}/account/reset`,
        ),
      );
    }
  });
  return { message: MESSAGES.registrationSent };
}

/** POST /v1/users/verification: the mailed link's token, once. */
export async function verifyEmail(deps: Deps, _actor: Actor | null, token: string): Promise<Message> {
  await deps.db.transaction(async (tx) => {
    const at = now(deps.clock);
    const userId = await consumeUserToken(tx, hashToken(token), "verify", at);
    if (!userId) throw new AppError("INVALID_TOKEN");
    await updateUser(tx, userId, { emailVerifiedAt: at });
  });
  return { message: MESSAGES.emailVerified };
}

/** POST /v1/users/verification/resend: a new link for an address not yet verified, nothing otherwise. */
export async function resendVerification(deps: Deps, _actor: Actor | null, email: string): Promise<Message> {
  embeddedOnly(deps);
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user && !user.emailVerifiedAt) await mailLink(deps, tx, user, "verify");
  });
  return { message: MESSAGES.verificationResent };
}

/** POST /v1/users/password-reset: a link for a registered address, nothing otherwise. */
export async function requestPasswordReset(
  deps: Deps,
  _actor: Actor | null,
  email: string,
): Promise<Message> {
  embeddedOnly(deps);
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await mailLink(deps, tx, user, "reset");
  });
  return { message: MESSAGES.resetSent };
}

/**
 * POST /v1/users/password-reset/confirm: the token is spent, the password changed and every grant of the
 * account revoked together, or none of it.
 */
export async function confirmPasswordReset(
  deps: Deps,
  _actor: Actor | null,
  { token, password }: { token: string; password: string },
): Promise<Message> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const at = now(deps.clock);
    const userId = await consumeUserToken(tx, hashToken(token), "reset", at);
    if (!userId) throw new AppError("INVALID_TOKEN");
    // Following the mailed link proves the address too.
    const user = await findUserById(tx, userId);
    await updateUser(tx, userId, { passwordHash, ...(user?.emailVerifiedAt ? {} : { emailVerifiedAt: at }) });
    // Whoever knew the old password is signed out everywhere: every session and refresh token goes.
    await revokeOidcAccount(tx, userId);
    // A practice bound at registration waits for whoever knew the registration's password, not the mailbox's
    // reader: the claim key still adds it from any account.
    await dropPendingClaims(tx, userId);
  });
  return { message: MESSAGES.passwordReset };
}

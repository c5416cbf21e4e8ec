import { AppError } from "@argine/core/errors/app-error";
import { type Actor, usersPolicy } from "@argine/core/identity/policy";
import type {
  SecondFactorProofBody,
  SecondFactorSetup,
  SecondFactorStatus,
} from "@argine/core/identity/users-api";
import { canWorkCases } from "@argine/core/practices/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  confirmSecondFactor,
  countRecoveryCodesLeft,
  deleteSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
  spendRecoveryCode,
  spendTimeStep,
  startSecondFactor,
} from "@argine/db/queries/second-factor";
import {
  clearLoginFailures,
  countLoginFailures,
  findUserById,
  forgetLoginFailures,
  lockLoginFailureKeys,
  recordLoginFailure,
} from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { verifyPassword } from "../identity/passwords.ts";
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  totpTimeStep,
} from "../identity/second-factor.ts";

// One's own second factor (ADR 036): turning it on (a new key, then a first code from the app), off (the
// password or a current code), new recovery codes; and the check the sign-in step asks after the password.

type SecondFactorDeps = Pick<Deps, "db" | "clock"> & {
  config: Pick<Deps["config"], "documentLinkKey"> & {
    identity: Pick<Deps["config"]["identity"], "totpPeriodSeconds">;
  };
};

const clockOf = (deps: SecondFactorDeps) => ({
  at: now(deps.clock),
  period: deps.config.identity.totpPeriodSeconds,
});

const wrongCode = () => new AppError("BAD_REQUEST", MESSAGES.secondFactorWrongCode);

async function status(db: Db, userId: string, roles: readonly string[]): Promise<SecondFactorStatus> {
  const factor = await findSecondFactor(db, userId);
  const enabled = Boolean(factor?.confirmedAt);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(db, userId) : 0,
    requiredForCases: canWorkCases(roles),
  };
}

export async function readSecondFactor(deps: SecondFactorDeps, actor: Actor): Promise<SecondFactorStatus> {
  authorizeAction(usersPolicy(actor, "read-self"));
  return status(deps.db, actor.userId, actor.roles);
}

/** A new key for the app, replacing one not yet confirmed; refused while a confirmed one is on. */
export async function startEnrollment(deps: SecondFactorDeps, actor: Actor): Promise<SecondFactorSetup> {
  authorizeAction(usersPolicy(actor, "update-self"));
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new AppError("NOT_FOUND");
  const setup = await newTotpSecret(user.email, deps.config.identity.totpPeriodSeconds);
  const sealed = sealSecret(deps.config.documentLinkKey, actor.userId, setup.secret);
  if (!(await startSecondFactor(deps.db, actor.userId, sealed)))
    throw new AppError("CONFLICT", MESSAGES.secondFactorAlreadyOn);
  return setup;
}

/** The app's first code turns the factor on and hands out the recovery codes, once. */
export async function confirmEnrollment(
  deps: SecondFactorDeps,
  actor: Actor,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  authorizeAction(usersPolicy(actor, "update-self"));
  const factor = await findSecondFactor(deps.db, actor.userId);
  if (!factor) throw new AppError("CONFLICT", MESSAGES.secondFactorNotStarted);
  if (factor.confirmedAt) throw new AppError("CONFLICT", MESSAGES.secondFactorAlreadyOn);
  const secret = openSecret(deps.config.documentLinkKey, actor.userId, factor.sealedSecret);
  const timeStep = await totpTimeStep(secret, code, clockOf(deps));
  if (timeStep === null) throw wrongCode();
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    if (!(await confirmSecondFactor(tx, actor.userId, { timeStep, at: now(deps.clock) })))
      throw new AppError("CONFLICT", MESSAGES.secondFactorAlreadyOn);
    await replaceRecoveryCodes(tx, actor.userId, recoveryCodes.map(hashRecoveryCode));
    await audit(tx, actor, "user.second-factor.on", actor.userId);
  });
  return { recoveryCodes };
}

/** The password, or a current code of the app (a recovery code counts too, and is spent). */
async function proveOwner(deps: SecondFactorDeps, userId: string, proof: SecondFactorProofBody) {
  if (proof.code) {
    if (await checkSecondFactor(deps, userId, proof.code)) return;
    throw wrongCode();
  }
  const user = await findUserById(deps.db, userId);
  if (!(await verifyPassword(user?.passwordHash, proof.password ?? ""))) throw new AppError("WRONG_PASSWORD");
}

async function requireEnabled(db: Db, userId: string) {
  if (!(await findSecondFactor(db, userId))?.confirmedAt)
    throw new AppError("CONFLICT", MESSAGES.secondFactorOff);
}

export async function disableSecondFactor(
  deps: SecondFactorDeps,
  actor: Actor,
  proof: SecondFactorProofBody,
): Promise<SecondFactorStatus> {
  authorizeAction(usersPolicy(actor, "update-self"));
  await requireEnabled(deps.db, actor.userId);
  await proveOwner(deps, actor.userId, proof);
  await deps.db.transaction(async (tx) => {
    await deleteSecondFactor(tx, actor.userId);
    await audit(tx, actor, "user.second-factor.off", actor.userId);
  });
  return status(deps.db, actor.userId, actor.roles);
}

export async function renewRecoveryCodes(
  deps: SecondFactorDeps,
  actor: Actor,
  proof: SecondFactorProofBody,
): Promise<{ recoveryCodes: string[] }> {
  authorizeAction(usersPolicy(actor, "update-self"));
  await requireEnabled(deps.db, actor.userId);
  await proveOwner(deps, actor.userId, proof);
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, actor.userId, recoveryCodes.map(hashRecoveryCode));
    await audit(tx, actor, "user.second-factor.recovery-codes", actor.userId);
  });
  return { recoveryCodes };
}

// Wrong codes at the sign-in, per account and per address (the sign-in's failure counters, apart from the
// password's): an account's count is cleared by a right code, so its owner's own sign-ins never add up.
const CODE_FAILURES_MAX = { account: 10, address: 30 };
const CODE_FAILURES_WINDOW_MS = 15 * 60_000;

/**
 * The code after the password (ADR 036): 429 after too many wrong codes for the account or from the address
 * within 15 minutes, 401 with the Italian message for a wrong or already used one.
 */
export async function signInWithSecondFactor(
  deps: SecondFactorDeps,
  { userId, code, ip }: { userId: string; code: string; ip: string },
): Promise<void> {
  const at = now(deps.clock);
  const keys = { account: `second-factor:account:${userId}`, address: `second-factor:ip:${ip}` };
  const since = new Date(at.getTime() - CODE_FAILURES_WINDOW_MS);
  // Counted as a wrong code before the code is checked, under the keys' locks (as a password's attempt is,
  // identity/sign-in-guard.ts): a burst of simultaneous guesses cannot all pass the count.
  const reserved = await deps.db.transaction(async (tx: Db) => {
    await lockLoginFailureKeys(tx, [keys.account, keys.address]);
    for (const kind of ["account", "address"] as const) {
      if ((await countLoginFailures(tx, keys[kind], since)) >= CODE_FAILURES_MAX[kind])
        throw new AppError("TOO_MANY_REQUESTS", MESSAGES.secondFactorTooManyAttempts);
    }
    return recordLoginFailure(tx, [keys.account, keys.address], at);
  });
  if (!(await checkSecondFactor(deps, userId, code))) {
    throw new AppError("INVALID_CREDENTIALS", MESSAGES.secondFactorWrongCode);
  }
  await forgetLoginFailures(deps.db, reserved);
  await clearLoginFailures(deps.db, keys.account);
}

/** Whether the account signs in with a second factor (a confirmed one). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findSecondFactor(db, userId))?.confirmedAt);
}

/**
 * Checks a code typed for the account: the app's (each time step accepted once: the same code again, or an
 * older one, is refused) or a recovery code (each once). Spends what it accepts.
 */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  userId: string,
  code: string,
): Promise<boolean> {
  const factor = await findSecondFactor(deps.db, userId);
  if (!factor?.confirmedAt) return false;
  const at = now(deps.clock);
  if (looksLikeRecoveryCode(code)) return spendRecoveryCode(deps.db, userId, hashRecoveryCode(code), at);
  const secret = openSecret(deps.config.documentLinkKey, userId, factor.sealedSecret);
  const timeStep = await totpTimeStep(secret, code, clockOf(deps));
  return timeStep !== null && (await spendTimeStep(deps.db, userId, timeStep));
}

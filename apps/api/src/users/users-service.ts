import type { BillingData } from "@argine/core/billing/billing-data";
import type { CountryCode } from "@argine/core/billing/countries";
import { AppError } from "@argine/core/errors/app-error";
import { type Actor, type UsersAction, usersPolicy } from "@argine/core/identity/policy";
import { ROLES, type Role } from "@argine/core/identity/roles";
import { isFreshSignIn } from "@argine/core/identity/sign-in-guard";
import type { AdminUserList, AdminUserListQuery, Me, MeUpdateBody } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { pageWindow } from "@argine/core/shared/paging";
import type { Db } from "@argine/db/client";
import { findBilling, upsertBilling } from "@argine/db/queries/billing";
import { revokeOidcAccount } from "@argine/db/queries/oidc";
import {
  findUserByEmail,
  findUserById,
  grantRole,
  listRoles,
  listUsers as listUserRows,
  listUsersWithRole,
  revokeRole,
  updateUser,
} from "@argine/db/queries/users";
import { audit, OPERATOR } from "../audit/audit.ts";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { hashPassword, verifyPassword } from "../identity/passwords.ts";
import { staffGrantMail } from "../mail/templates.ts";

// The signed-in side of the users domain: one's own account (profile, password, billing data) and, for
// admins, the users list and their roles. Registration and the mailed links are registration-service.ts's.

function authorize(actor: Actor, action: UsersAction): void {
  authorizeAction(usersPolicy(actor, action));
}

/** The account as the API sees it; `roles` are the caller's token roles (what authorization uses) when given. */
async function account(db: Db, userId: string, roles?: readonly Role[]): Promise<Me> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("NOT_FOUND");
  const billing = await findBilling(db, userId);
  const invoice: BillingData | null = billing
    ? {
        taxCode: billing.taxCode,
        address: billing.address,
        zip: billing.cap,
        city: billing.city,
        province: billing.province ?? undefined,
        country: billing.country as CountryCode,
      }
    : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    lastname: user.lastname,
    cellPhone: user.cellPhone,
    marketingConsent: user.marketingConsent,
    mailFullText: user.mailFullText,
    privacyConsent: user.privacyConsent,
    roles: roles ? [...roles] : ((await listRoles(db, userId)) as Role[]),
    invoice,
  };
}

/** GET /v1/users/me. */
export async function readMe(deps: Deps, actor: Actor): Promise<Me> {
  authorize(actor, "read-self");
  return account(deps.db, actor.userId, actor.roles);
}

/**
 * PATCH /v1/users/me: the profile fields, or the password (with the current one). A new password signs the
 * account out everywhere but the session making the change (`keepGrantId`, the caller's grant).
 */
export async function updateMe(
  deps: Deps,
  actor: Actor,
  { changes, keepGrantId }: { changes: MeUpdateBody; keepGrantId: string | null },
): Promise<Me> {
  authorize(actor, "update-self");
  const { userId } = actor;
  if ("oldPassword" in changes) {
    const user = await findUserById(deps.db, userId);
    if (!(await verifyPassword(user?.passwordHash, changes.oldPassword))) {
      throw new AppError("WRONG_PASSWORD", undefined, {
        issues: [{ path: ["oldPassword"], message: MESSAGES.wrongPassword }],
      });
    }
    const passwordHash = await hashPassword(changes.password);
    await deps.db.transaction(async (tx) => {
      await updateUser(tx, userId, { passwordHash });
      if (deps.config.identity.embedded) await revokeOidcAccount(tx, userId, keepGrantId ?? undefined);
    });
  } else {
    await updateUser(deps.db, userId, {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.lastname === undefined ? {} : { lastname: changes.lastname }),
      ...(changes.cellPhone === undefined ? {} : { cellPhone: changes.cellPhone || null }),
      ...(changes.marketingConsent === undefined ? {} : { marketingConsent: changes.marketingConsent }),
      ...(changes.mailFullText === undefined ? {} : { mailFullText: changes.mailFullText }),
    });
  }
  return account(deps.db, userId, actor.roles);
}

/** PATCH /v1/users/me/invoice: the billing data, one row per account. */
export async function updateInvoice(deps: Deps, actor: Actor, billing: BillingData): Promise<Me> {
  authorize(actor, "update-self");
  await upsertBilling(deps.db, {
    userId: actor.userId,
    taxCode: billing.taxCode,
    address: billing.address,
    cap: billing.zip ?? "",
    city: billing.city,
    province: billing.province || null,
    country: billing.country,
  });
  return account(deps.db, actor.userId, actor.roles);
}

/** The roles' names in the mails, as the admin page says them. */
const ROLE_NAMES: Record<Role, string> = { lawyer: "avvocato", admin: "amministratore" };

const fullName = (user: { name: string; lastname: string; email: string }) =>
  `${user.name} ${user.lastname}`.trim() || user.email;

/**
 * PUT and DELETE /v1/users/{id}/roles/{role}: the change and its audit line together. The roles travel in the
 * account's tokens, so a change signs the account out everywhere (its open sockets close within a second,
 * conversations/session-watch.ts): the next sign-in carries the new roles. Changing one's own roles keeps the session
 * making the change (`keepGrantId`), as a password change does.
 *
 * A grant opens every victim's case (ADR 035): only an admin who signed in again in the last minutes
 * (`authTime`, the token's `auth_time`) makes it, and the other admins get a mail once it is committed.
 */
export async function changeRole(
  deps: Deps,
  actor: Actor,
  {
    userId,
    role,
    change,
    keepGrantId,
    authTime,
  }: {
    userId: string;
    role: Role;
    change: "grant" | "revoke";
    keepGrantId: string | null;
    authTime: Date | null;
  },
): Promise<Me> {
  authorize(actor, "manage-roles");
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError("NOT_FOUND");
  // An admin cannot lock themselves out: another admin has to take the role away.
  if (change === "revoke" && role === "admin" && userId === actor.userId) {
    throw new AppError("CONFLICT", MESSAGES.ownAdminRole);
  }
  if (
    change === "grant" &&
    !isFreshSignIn(authTime, now(deps.clock), deps.config.staffGrantMaxAuthAgeSeconds)
  )
    throw new AppError("REAUTHENTICATION_REQUIRED");
  await deps.db.transaction(async (tx) => {
    const hadRole = (await listRoles(tx, userId)).includes(role);
    await (change === "grant" ? grantRole : revokeRole)(tx, userId, role);
    await audit(tx, actor, `user.role.${change}`, userId, { role });
    if (deps.config.identity.embedded)
      await revokeOidcAccount(tx, userId, userId === actor.userId ? (keepGrantId ?? undefined) : undefined);
    if (change === "grant" && !hadRole) {
      // Queued in the transaction: the mails go out once the grant is committed, never for one rolled back.
      const granter = await findUserById(tx, actor.userId);
      const grant = {
        by: granter ? fullName(granter) : "Un amministratore",
        role: ROLE_NAMES[role],
        to: fullName(user),
      };
      const usersLink = `${deps.config.publicUrl}/dashboard/admin`;
      for (const admin of await listUsersWithRole(tx, "admin", actor.userId))
        await deps.jobs.send(tx, "mail", staffGrantMail(admin.email, admin.name, grant, usersLink));
    }
  });
  return account(deps.db, userId);
}

/**
 * The operator's grant (npm run users -- grant-admin, runbook): a production database starts with no admin,
 * and only an admin grants roles through the API. The account must exist with its address confirmed, as
 * anyone's who signs in; the audit line names no actor.
 */
export async function grantRoleAsOperator(db: Db, email: string, role: Role): Promise<Me> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError("NOT_FOUND", `no account with the address ${email}: register it first`);
  if (!user.emailVerifiedAt)
    throw new AppError(
      "CONFLICT",
      `${email} has not confirmed its address yet: follow the mailed link first`,
    );
  await db.transaction(async (tx) => {
    await grantRole(tx, user.id, role);
    await audit(tx, OPERATOR, "user.role.grant", user.id, { role });
  });
  return account(db, user.id);
}

/** GET /v1/admin/users: a page of the users with their roles; the read leaves an audit line (ids only). */
export async function listUsers(deps: Deps, actor: Actor, query: AdminUserListQuery): Promise<AdminUserList> {
  authorize(actor, "list");
  const { total, data } = await listUserRows(deps.db, {
    ...(query.q ? { q: query.q } : {}),
    ...pageWindow(query),
  });
  await auditStaffRead(
    deps.db,
    actor,
    "user.list",
    data.map((u) => u.id),
  );
  return {
    total,
    data: data.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      lastname: u.lastname,
      roles: u.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r)),
      emailVerified: u.emailVerifiedAt !== null,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

import { hasRole, isStaff, isStaffRoles, type Role, type RoleList } from "./roles.ts";

/** Who is calling: our user id and the roles their token carries. Null for anonymous callers. */
export interface Actor {
  userId: string;
  roles: readonly Role[];
  /**
   * Whether the session was signed in with a second factor (the token's `amr` names one, ADR 036). Absent is
   * no: staff open a client's case only with it.
   */
  secondFactor?: boolean;
}

/** The `amr` values (RFC 8176) that name a second factor: an authenticator's code, a hardware key. */
const SECOND_FACTOR_METHODS = ["otp", "mfa", "hwk", "swk"];

/** Whether a token's `amr` claim says the session used a second factor (a malformed claim says no). */
export function amrHasSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((method) => SECOND_FACTOR_METHODS.includes(method));
}

/**
 * Staff at work on a client's case (ADR 036): staff whose session used a second factor. Each domain's policy
 * asks this, not the role alone, for what is on one client's case (its detail, its messages, its files).
 */
export function staffOnCase(actor: Actor | null): boolean {
  return isStaff(actor) && actor?.secondFactor === true;
}

/**
 * Why staff are refused a client's resource: they would reach it as staff (not its owner) but their session
 * has no second factor. The API answers SECOND_FACTOR_REQUIRED then, not a 404 (ADR 036).
 */
export function lacksSecondFactorFor(actor: Actor | null, resource: { ownerId: string | null }): boolean {
  return isStaff(actor) && !owns(actor, resource) && actor?.secondFactor !== true;
}

/**
 * Whether the actor owns a resource (a practice, and what hangs on it: its services, orders, reminders). A
 * resource nobody owns yet is nobody's; each domain's policy says what its owner may do.
 */
export function owns(actor: Actor | null, resource: { ownerId: string | null }): boolean {
  return !!actor && resource.ownerId !== null && resource.ownerId === actor.userId;
}

export type UsersAction =
  | "read-self"
  | "update-self"
  | "manage-devices"
  | "export-self"
  | "erase-self"
  | "list"
  | "manage-roles";

/**
 * The users domain's one policy: everyone signed in manages their own account and its signed-in devices (their
 * own only: the queries take the caller's id) and takes its data away (export-self, ADR 037); a client erases
 * their account (erase-self), a staff member's is first made a client's by an admin (their cases and the audit
 * log name them); only admins list the users and grant roles.
 */
export function usersPolicy(actor: Actor | null, action: UsersAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "read-self":
    case "update-self":
    case "manage-devices":
    case "export-self":
      return true;
    case "erase-self":
      return !isStaffRoles(actor.roles);
    case "list":
    case "manage-roles":
      return canAdminister(actor.roles);
  }
}

/**
 * Whether these roles open the admin workspace (users and roles, catalogue, outreach, failed jobs, the
 * accounts): admins only, as each of those domains' policies says.
 */
export function canAdminister(roles: RoleList): boolean {
  return hasRole(roles, "admin");
}

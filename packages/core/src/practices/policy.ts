import { type Actor, owns, staffOnCase } from "../identity/policy.ts";
import { hasRole, isStaff, isStaffRoles, type RoleList } from "../identity/roles.ts";

/** What is done to one practice. */
export type PracticesAction =
  | "claim"
  | "read"
  | "comment"
  | "change-status"
  | "manage-services"
  | "contact-client"
  | "assign"
  | "delete"
  | "read-access-log"
  | "set-anonymity";

/**
 * The practices domain's one policy.
 * - claim: a signed-in user may take a practice nobody owns yet (the questionnaire creates them unowned), or
 *   one already theirs; never someone else's. Being allowed is not enough: the claim also needs one of the
 *   practice's secrets (claim.ts), checked by the conditional update that sets the owner;
 * - read, comment, change-status: the owner, or staff signed in with a second factor (staffOnCase, ADR 036;
 *   which statuses: lifecycle.ts);
 * - manage-services (the services a practice can buy, its advice price, the evaluation), contact-client
 *   (email the client) and assign (take the case in charge, "prendi in carico"): staff with a second factor;
 * - delete: the owner only, and only while nothing was bought (lifecycle.ts canDelete);
 * - read-access-log ("Chi ha visto la mia pratica": which staff opened it, from the audit log): the owner only;
 * - set-anonymity: the owner only: whether lawyers see who she is is hers to decide (ADR 038);
 * - work-cases, on no one practice: every practice listed, the work queue, a practice's status moved as the
 *   team moves it (lifecycle.ts): staff (canWorkCases); the lists stay open without a second factor, a case's
 *   detail does not (ADR 036).
 */
export function practicesPolicy(actor: Actor | null, action: "work-cases"): boolean;
export function practicesPolicy(
  actor: Actor | null,
  action: PracticesAction,
  practice: { ownerId: string | null },
): boolean;
export function practicesPolicy(
  actor: Actor | null,
  action: PracticesAction | "work-cases",
  practice: { ownerId: string | null } = { ownerId: null },
): boolean {
  if (!actor) return false;
  if (action === "work-cases") return canWorkCases(actor.roles);
  const owner = owns(actor, practice);
  switch (action) {
    case "claim":
      return practice.ownerId === null || owner;
    case "read":
    case "comment":
    case "change-status":
      return owner || staffOnCase(actor);
    case "manage-services":
    case "contact-client":
    case "assign":
      return staffOnCase(actor);
    case "delete":
    case "read-access-log":
    case "set-anonymity":
      return owner;
  }
}

/** Whether these roles work every client's case (lawyers and admins): the staff's lists, filters and tools. */
export function canWorkCases(roles: RoleList): boolean {
  return isStaffRoles(roles);
}

/** A comment is edited by its author only: nobody puts words in someone else's mouth. */
export function canEditComment(actor: Actor | null, comment: { authorId: string | null }): boolean {
  return !!actor && comment.authorId === actor.userId;
}

/**
 * Who may let go of a case taken in charge: the lawyer who holds it, or an admin (a lawyer away, a case to
 * hand over). Another lawyer may not take it from a colleague.
 */
export function canReleaseAssignment(
  actor: { userId: string; roles: RoleList } | null,
  practice: { assignedLawyerId: string | null },
): boolean {
  if (!actor || !isStaff(actor)) return false;
  return practice.assignedLawyerId === actor.userId || hasRole(actor.roles, "admin");
}

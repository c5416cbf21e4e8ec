import { type Actor, owns, staffOnCase } from "../identity/policy.ts";
import { hasRole, isStaffRoles, type RoleList } from "../identity/roles.ts";

export type ServicesAction =
  | "read"
  | "upload-evidence"
  | "upload-document"
  | "change-status"
  | "assign"
  | "accept-mandate";

/**
 * The services domain's one policy (a service belongs to its practice's owner).
 * - read (the service, its files, its documents): the owner, or staff signed in with a second factor
 *   (staffOnCase, ADR 036), as for the practice it hangs on;
 * - upload-evidence: the owner sends their files for the lawyer (the widget of spec §4);
 * - upload-document, change-status, assign: staff with a second factor, the work itself;
 * - accept-mandate: the owner only, it is their engagement of the lawyer;
 * - work-queue, on no one service: the queue of paid work and the team it is assigned to, staff
 *   (canWorkServices).
 */
export function servicesPolicy(actor: Actor | null, action: "work-queue"): boolean;
export function servicesPolicy(
  actor: Actor | null,
  action: ServicesAction,
  service: { ownerId: string | null },
): boolean;
export function servicesPolicy(
  actor: Actor | null,
  action: ServicesAction | "work-queue",
  service: { ownerId: string | null } = { ownerId: null },
): boolean {
  if (!actor) return false;
  if (action === "work-queue") return canWorkServices(actor.roles);
  const owner = owns(actor, service);
  switch (action) {
    case "read":
      return owner || staffOnCase(actor);
    case "upload-evidence":
    case "accept-mandate":
      return owner;
    case "upload-document":
    case "change-status":
    case "assign":
      return staffOnCase(actor);
  }
}

/**
 * Whether these roles work the paid services (lawyers and admins): the queue, the team's side of a service
 * (the lawyer's document rather than the client's files).
 */
export function canWorkServices(roles: RoleList): boolean {
  return isStaffRoles(roles);
}

/**
 * Who may change who works a service: any of the team while nobody has it or it is theirs; one held by a
 * colleague only an admin hands over (a lawyer away, work to share out), as with practices.
 */
export function canChangeServiceAssignment(
  actor: { userId: string; roles: RoleList } | null,
  service: { assignedLawyerId: string | null },
): boolean {
  if (!actor || !isStaffRoles(actor.roles)) return false;
  return (
    service.assignedLawyerId === null ||
    service.assignedLawyerId === actor.userId ||
    hasRole(actor.roles, "admin")
  );
}

import { type Actor, owns } from "../identity/policy.ts";
import { isStaffRoles, type RoleList } from "../identity/roles.ts";

export type ConsultationAction = "book" | "work-agenda";

/**
 * The free consultation's one policy.
 * - book: anyone, anonymous too (whoever then holds the booking's mail link moves or cancels it: the token
 *   decides, not a role);
 * - attach-practice: a signed-in client attaches one of their own practices to their booking, never someone
 *   else's (a visitor none);
 * - work-agenda, on no one booking: the agenda, the availability, what happened: staff (lawyers and admins).
 */
export function consultationPolicy(actor: Actor | null, action: ConsultationAction): boolean;
export function consultationPolicy(
  actor: Actor | null,
  action: "attach-practice",
  practice: { ownerId: string | null },
): boolean;
export function consultationPolicy(
  actor: Actor | null,
  action: ConsultationAction | "attach-practice",
  practice: { ownerId: string | null } = { ownerId: null },
): boolean {
  switch (action) {
    case "book":
      return true;
    case "attach-practice":
      return owns(actor, practice);
    case "work-agenda":
      return !!actor && canWorkConsultations(actor.roles);
  }
}

/** Whether these roles work the consultations' agenda (lawyers and admins): the web's menu and screens. */
export function canWorkConsultations(roles: RoleList): boolean {
  return isStaffRoles(roles);
}

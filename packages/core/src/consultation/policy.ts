import { type Actor, owns } from "../identity/policy.ts";
import { isStaffRoles, type RoleList } from "../identity/roles.ts";

export type ConsultationAction = "book" | "list-own" | "work-agenda";

/** The account a booking is made from: its e-mail, and whether it was confirmed. */
export interface BookingAccount {
  email: string;
  emailVerified: boolean;
}

/**
 * The free consultation's one policy.
 * - book: anyone, anonymous too (whoever then holds the booking's mail link moves or cancels it: the token
 *   decides, not a role);
 * - list-own: a signed-in person reads the consultations booked from her account (her area);
 * - hold-at-once: a booking holds its slot at once only for a signed-in person booking with her own,
 *   confirmed e-mail; anyone else's booking is a request until the mail's link confirms it (lifecycle.ts), so
 *   a flood from many addresses with invented e-mails holds no slot;
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
  action: "hold-at-once",
  booking: { email: string; account: BookingAccount | undefined },
): boolean;
export function consultationPolicy(
  actor: Actor | null,
  action: ConsultationAction | "attach-practice" | "hold-at-once",
  resource?: { ownerId: string | null } | { email: string; account: BookingAccount | undefined },
): boolean {
  switch (action) {
    case "book":
      return true;
    case "list-own":
      return !!actor;
    case "hold-at-once": {
      const booking = resource as { email: string; account: BookingAccount | undefined } | undefined;
      const account = booking?.account;
      return (
        !!actor &&
        !!account?.emailVerified &&
        account.email.toLowerCase() === booking?.email.trim().toLowerCase()
      );
    }
    case "attach-practice":
      return owns(actor, (resource as { ownerId: string | null } | undefined) ?? { ownerId: null });
    case "work-agenda":
      return !!actor && canWorkConsultations(actor.roles);
  }
}

/** Whether these roles work the consultations' agenda (lawyers and admins): the web's menu and screens. */
export function canWorkConsultations(roles: RoleList): boolean {
  return isStaffRoles(roles);
}

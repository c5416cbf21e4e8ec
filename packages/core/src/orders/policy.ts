import { type Actor, owns } from "../identity/policy.ts";
import { isStaff, isStaffRoles, type RoleList } from "../identity/roles.ts";

export type OrdersAction = "checkout" | "read" | "refund" | "withdraw";

/**
 * The orders domain's one policy.
 * - checkout: a client buys for their own practice only (anyone else's answers 404, as the practice does);
 *   staff do not buy on a client's behalf;
 * - read: a user's orders and gift cards are read by that user, or by staff;
 * - refund: staff (lawyer or admin) give back any paid line not refunded yet, with a reason;
 * - withdraw: the client who bought the order, for its own lines only (rules of time and of services begun
 *   are the refunds' (refunds.ts): they answer with a message, not a refusal).
 */
export function ordersPolicy(actor: Actor | null, action: OrdersAction, subject: { ownerId: string | null }) {
  if (!actor) return false;
  const own = owns(actor, subject);
  switch (action) {
    case "checkout":
      return own;
    case "read":
      return own || isStaff(actor);
    case "refund":
      return isStaff(actor);
    case "withdraw":
      return own;
  }
}

/**
 * Whether a user with these roles buys services, so has orders and billing data of their own: a client.
 * Staff do not buy (checkout above is the practice owner's, and staff own no practice), so the account's
 * orders and billing entries are not theirs.
 */
export function buysServices(roles: RoleList): boolean {
  return !isStaffRoles(roles);
}

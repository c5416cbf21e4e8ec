import type { Actor } from "../identity/policy.ts";
import { isStaffRoles, type RoleList } from "../identity/roles.ts";

export type SupportAction = "write" | "work-inbox";

/**
 * The support chat's one policy. Anyone, anonymous too, writes in their own thread (which thread is theirs
 * is the token's or the account's, support-service.ts); only staff read the inbox and answer.
 */
export function supportPolicy(actor: Actor | null, action: SupportAction): boolean {
  switch (action) {
    case "write":
      return true;
    case "work-inbox":
      return actor !== null && canWorkSupportInbox(actor.roles);
  }
}

/** Staff read the support inbox and answer; the web asks it to show the inbox, or the launcher (not to staff). */
export function canWorkSupportInbox(roles: RoleList | undefined): boolean {
  return roles !== undefined && isStaffRoles(roles);
}

import type { Actor } from "../identity/policy.ts";
import { hasRole } from "../identity/roles.ts";

export type OutreachAction = "submit" | "read-all";

/**
 * The outreach domain's one policy. Anyone, anonymous too, signs up to the newsletter, offers to work with
 * us or sends an idea; only admins read what was sent (names, addresses and messages of people).
 */
export function outreachPolicy(actor: Actor | null, action: OutreachAction): boolean {
  switch (action) {
    case "submit":
      return true;
    case "read-all":
      return actor !== null && hasRole(actor.roles, "admin");
  }
}

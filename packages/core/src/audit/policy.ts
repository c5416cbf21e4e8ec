import { type Actor, canAdminister } from "../identity/policy.ts";

export type AuditPolicyAction = "browse";

/**
 * The audit domain's one policy: only admins browse the log (it names who read which victim's case). The
 * client's own "Chi ha visto la mia pratica" is the practices policy's (read-access-log).
 */
export function auditPolicy(actor: Actor | null, action: AuditPolicyAction): boolean {
  if (!actor) return false;
  switch (action) {
    case "browse":
      return canAdminister(actor.roles);
  }
}

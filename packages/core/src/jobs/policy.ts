import type { Actor } from "../identity/policy.ts";
import { hasRole } from "../identity/roles.ts";

export type JobsAction = "read-dead-letters" | "retry-dead-letter";

/** The jobs domain's one policy: only admins see the jobs that failed for good and put them back. */
export function jobsPolicy(actor: Actor | null, action: JobsAction): boolean {
  switch (action) {
    case "read-dead-letters":
    case "retry-dead-letter":
      return actor !== null && hasRole(actor.roles, "admin");
  }
}

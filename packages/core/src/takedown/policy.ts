import type { Actor } from "../identity/policy.ts";
import { servicesPolicy } from "../services/policy.ts";

export type TakedownAction = "read" | "submit-urls" | "record" | "read-staff-notes";

/**
 * The takedown's one policy (a TAKEDOWN service, owned as its practice is), the services' rules applied to it:
 * - read (the notices, each one's PDF): the owner, or staff;
 * - submit-urls: the owner, once, as they send their evidence;
 * - record (where and when a notice went, the platform's answer) and read-staff-notes (how it was sent, the
 *   team's note): staff, the work itself.
 */
export function takedownPolicy(
  actor: Actor | null,
  action: TakedownAction,
  service: { ownerId: string | null },
): boolean {
  switch (action) {
    case "read":
      return servicesPolicy(actor, "read", service);
    case "submit-urls":
      return servicesPolicy(actor, "upload-evidence", service);
    case "record":
    case "read-staff-notes":
      return servicesPolicy(actor, "change-status", service);
  }
}

import { type Actor, owns, staffOnCase } from "../identity/policy.ts";

export type LegalizationAction = "read" | "legalize";

/**
 * The legalization's one policy (a LEGALIZATION service, owned as its practice is; services/ reads this
 * folder's messages, so the rule is stated here rather than borrowed from the services' policy):
 * - read (the session, its files): the owner, or staff signed in with a second factor (ADR 036);
 * - legalize (start, step and stop a capture session): the owner, or such staff capturing for them.
 */
export function legalizationPolicy(
  actor: Actor | null,
  action: LegalizationAction,
  service: { ownerId: string | null },
): boolean {
  if (!actor) return false;
  const owner = owns(actor, service);
  switch (action) {
    case "read":
    case "legalize":
      return owner || staffOnCase(actor);
  }
}

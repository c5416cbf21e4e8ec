import type { Actor } from "../identity/policy.ts";

export type PracticesAction = "claim";

/**
 * The practices domain's one policy. Claiming: a signed-in user may take a practice nobody owns yet (the
 * questionnaire creates them unowned), or one that is already theirs; never someone else's.
 */
export function practicesPolicy(
  actor: Actor | null,
  action: PracticesAction,
  practice: { ownerId: string | null },
): boolean {
  if (!actor) return false;
  switch (action) {
    case "claim":
      return practice.ownerId === null || practice.ownerId === actor.userId;
  }
}

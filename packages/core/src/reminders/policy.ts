import { type Actor, owns } from "../identity/policy.ts";
import { practicesPolicy } from "../practices/policy.ts";

export type RemindersAction = "read" | "change";

/**
 * The reminders' one policy: whoever reads the practice sees the countdown (the owner, staff); the opt-in is
 * the owner's alone, since the mails go to them.
 */
export function remindersPolicy(
  actor: Actor | null,
  action: RemindersAction,
  practice: { ownerId: string | null },
): boolean {
  if (action === "read") return practicesPolicy(actor, "read", practice);
  return owns(actor, practice);
}

import { type Actor, owns, staffOnCase } from "../identity/policy.ts";

export type DiaryAction = "read" | "write";

/**
 * The diary's one policy (issue 40). The diary is the client's own:
 * - read (the entries, their versions and attachments, a dossier): the owner; staff signed in with a second
 *   factor (ADR 036) only for the entries of a practice the owner shares with its lawyers;
 * - write (an entry, a correction, an attachment, a dossier, the share switch of one of her practices): the
 *   owner only. Nobody writes in someone else's diary, staff included.
 */
export function diaryPolicy(
  actor: Actor | null,
  action: DiaryAction,
  diary: { ownerId: string | null; sharedWithCase: boolean },
): boolean {
  if (!actor) return false;
  const owner = owns(actor, diary);
  switch (action) {
    case "read":
      return owner || (diary.sharedWithCase && staffOnCase(actor));
    case "write":
      return owner;
  }
}

import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { CLAIM_MESSAGES, type ClaimedPractice, normalizeTicketCode } from "@argine/core/practices/claim";
import { practicesPolicy } from "@argine/core/practices/policy";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import {
  claimPracticeWithKey,
  claimPracticeWithToken,
  findPractice,
  findPracticeByTicketCode,
  type PracticeRow,
} from "@argine/db/queries/practices";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { hashToken } from "../identity/link-tokens.ts";
import { claimKeyHash } from "./claim-secrets.ts";

// Claiming the practice the questionnaire opened (ADR 010): the id alone claims nothing; the
// submitting browser's single-use token, or the practice code with its claim key from any device, do. Each
// claim is one conditional update (db's claimPracticeWith*) that sets the owner and voids both secrets.

const claimed = (practice: PracticeRow): ClaimedPractice => ({
  practiceId: practice.id,
  ticketCode: practice.ticketCode,
  status: PracticeStatusSchema.parse(practice.status),
});

/** With the submitting browser's token, once, before it expires. */
export async function claimWithToken(
  deps: Deps,
  actor: Actor,
  id: string,
  claimToken: string | undefined,
): Promise<ClaimedPractice> {
  const practice = await findPractice(deps.db, id);
  if (!practice) throw new AppError("NOT_FOUND");
  // Already theirs: claiming again changes nothing (a retried request, a second tab).
  if (practice.ownerId === actor.userId) return claimed(practice);
  // Knowing the id is not enough: only the submitting browser's token, once, before it expires.
  const won =
    practicesPolicy(actor, "claim", practice) && claimToken
      ? await claimPracticeWithToken(
          deps.db,
          practice.id,
          actor.userId,
          hashToken(claimToken),
          now(deps.clock),
        )
      : undefined;
  if (!won) throw new AppError("FORBIDDEN", CLAIM_MESSAGES.tokenRefused);
  return claimed(won);
}

/** «Ho un codice pratica»: the practice code and its claim key, from any device (the route limits attempts). */
export async function claimWithKey(
  deps: Deps,
  actor: Actor,
  input: { ticketCode: string; claimKey: string },
): Promise<ClaimedPractice> {
  const ticketCode = normalizeTicketCode(input.ticketCode);
  const hash = claimKeyHash(ticketCode, input.claimKey);
  const won = await claimPracticeWithKey(deps.db, ticketCode, actor.userId, hash, now(deps.clock));
  if (won) return claimed(won);
  // Already theirs (claimed earlier, the key now void): say so rather than "wrong key".
  const practice = await findPracticeByTicketCode(deps.db, ticketCode);
  if (practice && practice.ownerId === actor.userId) return claimed(practice);
  // One answer for an unknown code, a wrong key and someone else's practice: nothing to enumerate.
  throw new AppError("FORBIDDEN", CLAIM_MESSAGES.keyRefused);
}

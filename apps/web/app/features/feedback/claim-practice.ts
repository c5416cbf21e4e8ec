import type { ClaimedPractice, ClaimWithKeyBody } from "@argine/core/practices/claim";
import { PRACTICE_ROUTES as CALLS } from "@argine/core/practices/practice-routes";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { readFeedbackClaim } from "../../shared/store/browser-storage.ts";

// Claiming the practice the questionnaire opened (ADR 010): never with its id alone.
// - PATCH /v1/practices/{id}/user with the claim token the submitting tab keeps in session storage;
// - POST /v1/practices/claim with the practice code and the claim key, from any device.
// Both answer 403 with an Italian message when the secret does not match (or the practice is someone else's).

export type { ClaimedPractice };

export function claimPractice(
  practiceId: string,
  claimToken: string,
  signal?: AbortSignal,
): Promise<ClaimedPractice> {
  return call(CALLS.claimWithToken, { params: { id: practiceId }, body: { claimToken }, signal });
}

export function claimPracticeWithKey(body: ClaimWithKeyBody): Promise<ClaimedPractice> {
  return call(CALLS.claimWithKey, { body });
}

/**
 * Claims from the result: with this tab's token (ADR 010), or, when the tab has none or it has expired, with
 * the code and the key the result shows. The account gains a practice, so all it has cached is stale:
 * feedback sits below practices and does not know their keys; each screen reads again as it opens.
 */
export const useClaimFromResult = (
  practiceId: string,
  ticketCode: string,
  claimKey: string,
  options?: WriteOptions<ClaimedPractice, void>,
) =>
  useWrite(
    async () => {
      const stored = readFeedbackClaim();
      if (stored?.practiceId === practiceId) {
        try {
          return await claimPractice(practiceId, stored.claimToken);
        } catch (reason) {
          if (errorCode(reason) !== "FORBIDDEN") throw reason;
        }
      }
      return claimPracticeWithKey({ ticketCode, claimKey });
    },
    { onSuccess: (queryClient) => queryClient.invalidateQueries({ refetchType: "none" }) },
    options,
  );

/** The navigation state that tells /dashboard a practice was just added to the account. */
export interface ClaimedPracticeState {
  claimedTicketCode: string;
}

export function claimedPracticeState(ticketCode: string): ClaimedPracticeState {
  return { claimedTicketCode: ticketCode };
}

/** The ticket code of a practice just claimed, from a location state (anything else reads as null). */
export function readClaimedTicketCode(state: unknown): string | null {
  if (typeof state !== "object" || state === null) return null;
  const code = (state as { claimedTicketCode?: unknown }).claimedTicketCode;
  return typeof code === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}

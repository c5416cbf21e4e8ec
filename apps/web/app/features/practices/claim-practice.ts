import { apiClient } from "../http/api-client.ts";

// PATCH /v1/practices/{id}/user: the signed-in user takes an unowned practice (the one the questionnaire
// created). 403 when it belongs to someone else, 404 when it does not exist.

export interface ClaimedPractice {
  practiceId: string;
  ticketCode: string;
  status: string;
}

export function claimPractice(practiceId: string, signal?: AbortSignal): Promise<ClaimedPractice> {
  return apiClient.patch<ClaimedPractice>(`/v1/practices/${encodeURIComponent(practiceId)}/user`, undefined, {
    signal,
  });
}

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

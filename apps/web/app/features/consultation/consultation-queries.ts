import type {
  Availability,
  BookingAnswer,
  ConsultationBooking,
  ManagedConsultation,
  StaffConsultation,
} from "@argine/core/consultation/consultation-api";
import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import { CONSULTATION_ROUTES as CALLS } from "@argine/core/consultation/consultation-routes";
import {
  CONSULTATION_TOKEN_HEADER,
  type ConsultationOutcome,
} from "@argine/core/consultation/consultation-terms";
import { PRACTICE_ROUTES } from "@argine/core/practices/practice-routes";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { errorCode, type HttpError } from "../../shared/http/http-error.ts";
import { serverIssues } from "../../shared/ui/form-state.ts";

// The free consultation's calls (core consultation-routes.ts, ADR 031): the free slots and the booking
// (public; a signed-in client's bearer goes along, so a practice of theirs can be attached), the manage
// page's reads and changes with the mail link's token in a header (never in an API URL), a signed-in
// client's own consultations (her area), and the staff's agenda, outcomes, video links and availability. Keys start with "consultations": one invalidation refreshes them all.

export const CONSULTATIONS_QUERY_KEY = ["consultations"] as const;

const tokenHeaders = (token: string) => ({ [CONSULTATION_TOKEN_HEADER]: token });

/** The free slots from today to the horizon (the API's default period), read again on each visit. */
export function slotsQueryOptions() {
  return queryOptions({
    queryKey: [...CONSULTATIONS_QUERY_KEY, "slots"] as const,
    queryFn: ({ signal }) => call(CALLS.slots, { auth: false, signal }),
    staleTime: 0,
    // The page says what went wrong itself, in place of the slots.
    meta: { hideError: true, hideSpinner: true },
  });
}

/** The API's words for a slot that cannot be taken (core CONSULTATION_MESSAGES). */
const SLOT_GONE: readonly string[] = [
  CONSULTATION_MESSAGES.slotTaken,
  CONSULTATION_MESSAGES.confirmTaken,
  CONSULTATION_MESSAGES.slotPast,
  CONSULTATION_MESSAGES.slotNotOffered,
];

/**
 * A slot that is no longer there to take: booked by someone else a moment ago (409), or refused as past, too
 * close or not offered (400, said in the slot's words or named `startsAt`). The page reads the slots again
 * and asks for another. Another 409 (too late to move) is not about the slot chosen.
 */
export function isSlotGone(error: HttpError): boolean {
  const code = errorCode(error);
  if ((code === "CONFLICT" || code === "BAD_REQUEST") && SLOT_GONE.includes(error.message)) return true;
  return serverIssues(error).some((issue) => issue.path[0] === "startsAt");
}

const refreshSlotsWhenGone = (queryClient: QueryClient, error: HttpError) =>
  isSlotGone(error) ? queryClient.invalidateQueries({ queryKey: slotsQueryOptions().queryKey }) : undefined;

/**
 * Books a slot (a client's own, held) or asks for it (a request, confirmed from the mail): the slots and
 * the client's own consultations read again.
 */
export const useBookConsultation = (options?: WriteOptions<BookingAnswer, ConsultationBooking>) =>
  useWrite(
    (body: ConsultationBooking) => call(CALLS.book, { body }),
    {
      onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: CONSULTATIONS_QUERY_KEY }),
      onError: refreshSlotsWhenGone,
    },
    options,
  );

// ─── The client's area ─────────────────────────────────────────────────────────────────────────────────

const MINE_KEY = [...CONSULTATIONS_QUERY_KEY, "mine"] as const;

/** The consultations booked from the signed-in account (the overview, the practice page). */
export function myConsultationsQueryOptions() {
  return queryOptions({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) => call(CALLS.mine, { signal }),
    // The area's other parts carry on without it; the section says it could not read them.
    meta: { hideError: true, hideSpinner: true },
  });
}

/**
 * The signed-in client's practices, for the booking form's "collega una pratica" (a visitor has none). The
 * first page is plenty: a person has a few.
 */
export function myPracticesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...CONSULTATIONS_QUERY_KEY, "my-practices", userId] as const,
    queryFn: ({ signal }) => call(PRACTICE_ROUTES.list, { query: { page: 1, pageSize: 50 }, signal }),
    meta: { hideError: true, hideSpinner: true },
  });
}

// ─── The manage page (the mail link's token) ────────────────────────────────────────────────────────────

export function managedQueryKey(token: string) {
  return [...CONSULTATIONS_QUERY_KEY, "managed", token] as const;
}

export function managedQueryOptions(token: string) {
  return queryOptions({
    queryKey: managedQueryKey(token),
    queryFn: ({ signal }) => call(CALLS.manage, { auth: false, headers: tokenHeaders(token), signal }),
    // A refused link is answered the same way again: no retry, and the page explains.
    retry: false,
    meta: { hideError: true },
  });
}

const putManaged = (token: string) => ({
  onSuccess: async (queryClient: QueryClient, consultation: ManagedConsultation) => {
    queryClient.setQueryData(managedQueryKey(token), consultation);
    await queryClient.invalidateQueries({ queryKey: slotsQueryOptions().queryKey });
    await queryClient.invalidateQueries({ queryKey: MINE_KEY });
  },
  onError: refreshSlotsWhenGone,
});

/** Cancels from the mail's link: the answer is the cancelled booking, and its slot is free again. */
export const useCancelConsultation = (token: string, options?: WriteOptions<ManagedConsultation, void>) =>
  useWrite(
    () => call(CALLS.cancel, { auth: false, headers: tokenHeaders(token) }),
    putManaged(token),
    options,
  );

/** Confirms a request from the mail's link: the answer is the booking, holding its slot. */
export const useConfirmConsultation = (token: string, options?: WriteOptions<ManagedConsultation, void>) =>
  useWrite(
    () => call(CALLS.confirm, { auth: false, headers: tokenHeaders(token) }),
    putManaged(token),
    options,
  );

/** Moves to another free slot (a request: confirms it there): the answer is the booking at its new time. */
export const useMoveConsultation = (token: string, options?: WriteOptions<ManagedConsultation, string>) =>
  useWrite(
    (startsAt: string) => call(CALLS.move, { auth: false, headers: tokenHeaders(token), body: { startsAt } }),
    putManaged(token),
    options,
  );

// ─── The staff's agenda and availability ───────────────────────────────────────────────────────────────

const AGENDA_KEY = [...CONSULTATIONS_QUERY_KEY, "agenda"] as const;

/** The bookings starting between two Rome days, both included (a day or a week). */
export function agendaQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...AGENDA_KEY, { from, to }] as const,
    queryFn: ({ signal }) => call(CALLS.agenda, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Staff mark what happened: the agenda reads again. */
export const useSetOutcome = (options?: WriteOptions<StaffConsultation, SetOutcome>) =>
  useWrite(
    ({ id, outcome }: SetOutcome) => call(CALLS.outcome, { params: { id }, body: { outcome } }),
    { onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: AGENDA_KEY }) },
    options,
  );

/** Staff send the video call's link: stored, mailed to the person; the agenda reads again. */
export const useSetVideoLink = (options?: WriteOptions<StaffConsultation, SetVideoLink>) =>
  useWrite(
    ({ id, videoUrl }: SetVideoLink) => call(CALLS.videoLink, { params: { id }, body: { videoUrl } }),
    { onSuccess: (queryClient) => queryClient.invalidateQueries({ queryKey: AGENDA_KEY }) },
    options,
  );

export interface SetVideoLink {
  id: string;
  videoUrl: string;
}

export interface SetOutcome {
  id: string;
  outcome: ConsultationOutcome;
}

export function availabilityQueryOptions() {
  return queryOptions({
    queryKey: [...CONSULTATIONS_QUERY_KEY, "availability"] as const,
    queryFn: ({ signal }) => call(CALLS.availability, { signal }),
  });
}

/** Replaces the team's hours: the answer goes in the cache, and the free slots are read again. */
export const useSetAvailability = (options?: WriteOptions<Availability, Availability>) =>
  useWrite(
    (body: Availability) => call(CALLS.setAvailability, { body }),
    {
      onSuccess: async (queryClient, availability) => {
        queryClient.setQueryData(availabilityQueryOptions().queryKey, availability);
        await queryClient.invalidateQueries({ queryKey: slotsQueryOptions().queryKey });
      },
    },
    options,
  );

import type {
  Agenda,
  AgendaQuery,
  Availability,
  BookingAnswer,
  ClientConsultations,
  Consultation,
  ConsultationBooking,
  ConsultationMove,
  ConsultationOutcomeBody,
  ConsultationVideoLink,
  ManagedConsultation,
  SlotsAnswer,
  SlotsQuery,
  StaffConsultation,
} from "@argine/core/consultation/consultation-api";
import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import {
  CONSULTATION_CHANGE_CUTOFF_MINUTES,
  CONSULTATION_HORIZON_DAYS,
  CONSULTATION_MANAGE_PATH,
  CONSULTATION_MANAGE_TOKEN_PARAM,
  CONSULTATION_MAX_HELD_PER_ACCOUNT,
  CONSULTATION_MAX_UPCOMING_PER_CONTACT,
  CONSULTATION_MIN_NOTICE_MINUTES,
  CONSULTATION_MINUTES,
  CONSULTATION_REQUEST_MAIL_HOURS,
  CONSULTATION_TIME_ZONE,
} from "@argine/core/consultation/consultation-terms";
import { canMove, canTransition, isOpen, statusesBefore } from "@argine/core/consultation/lifecycle";
import { consultationPolicy } from "@argine/core/consultation/policy";
import {
  type AvailabilityRules,
  isOfferedSlot,
  minutesWallTime,
  romeInstant,
  romeWallClock,
  slotEnd,
  slotStarts,
  type Weekday,
  wallTimeMinutes,
} from "@argine/core/consultation/slots";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { addDays, type IsoDate, isAfter, isBefore, romeCalendarDay } from "@argine/core/shared/calendar";
import { MESSAGES } from "@argine/core/shared/messages";
import type { Db } from "@argine/db/client";
import {
  bookedStartsBetween,
  type ConsultationRow,
  type ConsultationWithPractice,
  cancelConsultation,
  claimConsultationReminders,
  confirmConsultation,
  consultationsBetween,
  consultationsOfUser,
  emailUsedSince,
  findConsultation,
  insertConsultation,
  lockBookingContact,
  moveConsultation,
  readAvailability,
  replaceAvailability,
  type StoredAvailability,
  setConsultationOutcome,
  setConsultationVideoUrl,
  upcomingCount,
} from "@argine/db/queries/consultation";
import { findPractice } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorize, authorizeAction } from "../identity/authorize.ts";
import {
  bookedMail,
  cancelledMail,
  movedMail,
  reminderMail,
  requestMail,
  videoLinkMail,
} from "./consultation-mails.ts";
import { consultationManageToken, readConsultationManageToken } from "./manage-token.ts";

// The free consultation (ADR 031): one team calendar, one booking per start. Anyone asks for a slot the
// availability offers, in the future and within the horizon; a visitor's booking is a request that holds
// nothing until the mail's link confirms it (ADR 031's amendment: the booking flood), a signed-in client's
// with her own confirmed e-mail holds at once. The partial unique index decides who gets a start two people
// hold (the loser gets CONSULTATION_MESSAGES.slotTaken). The person moves or cancels with the mail's signed
// link, also from her area; staff read the agenda (audited), set the hours, send the video link and record
// what happened. Every mail is a job queued in the change's transaction.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// ─── Availability ────────────────────────────────────────────────────────────────────────────────────────

/** The stored hours as the slot logic and the API read them (HH:MM on the Rome clock). */
function rulesOf(stored: StoredAvailability): Availability {
  const range = ({ fromMinute, toMinute }: { fromMinute: number; toMinute: number }) => ({
    from: minutesWallTime(fromMinute),
    to: minutesWallTime(toMinute),
  });
  return {
    weekly: stored.weekly.map((row) => ({ weekday: row.weekday as Weekday, ...range(row) })),
    exceptions: stored.exceptions.map((day) => ({ date: day.day, ranges: day.ranges.map(range) })),
  };
}

function storedOf(availability: Availability): StoredAvailability {
  const range = ({ from, to }: { from: string; to: string }) => ({
    fromMinute: wallTimeMinutes(from),
    toMinute: wallTimeMinutes(to),
  });
  return {
    weekly: availability.weekly.map((row) => ({ weekday: row.weekday, ...range(row) })),
    exceptions: availability.exceptions.map((day) => ({ day: day.date, ranges: day.ranges.map(range) })),
  };
}

async function rules(db: Db): Promise<AvailabilityRules> {
  return rulesOf(await readAvailability(db));
}

export async function availability(deps: Deps, actor: Actor): Promise<Availability> {
  authorizeAction(consultationPolicy(actor, "work-agenda"));
  return rulesOf(await readAvailability(deps.db));
}

/** Replaces the team's hours. Bookings already made stay: a booked slot the new hours leave out is kept. */
export async function setAvailability(deps: Deps, actor: Actor, body: Availability): Promise<Availability> {
  authorizeAction(consultationPolicy(actor, "work-agenda"));
  return deps.db.transaction(async (tx) => {
    await replaceAvailability(tx, storedOf(body));
    await audit(tx, actor, "consultation.availability", "availability", {
      weeklyRanges: body.weekly.length,
      exceptions: body.exceptions.length,
    });
    return rulesOf(await readAvailability(tx));
  });
}

// ─── Views ───────────────────────────────────────────────────────────────────────────────────────────────

function view(row: ConsultationWithPractice): Consultation {
  const { date, time } = romeWallClock(row.startsAt);
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    date,
    time,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    practiceTicketCode: row.practiceTicketCode,
    videoUrl: row.videoUrl,
  };
}

/** Until when the person may move or cancel from the link. */
const changeableUntil = (startsAt: Date) =>
  new Date(startsAt.getTime() - CONSULTATION_CHANGE_CUTOFF_MINUTES * MINUTE_MS);

function managedView(row: ConsultationWithPractice, at: Date): ManagedConsultation {
  const until = changeableUntil(row.startsAt);
  return {
    ...view(row),
    changeable: isOpen(row.status) && at < until,
    changeableUntil: until.toISOString(),
  };
}

/** The agenda's booking: a person staff call by name, so never tied to a practice she keeps anonymous (ADR 038). */
function staffView(row: ConsultationWithPractice): StaffConsultation {
  const tied = !row.practiceAnonymous;
  return {
    ...view(row),
    practiceTicketCode: tied ? row.practiceTicketCode : null,
    practiceId: tied ? row.practiceId : null,
    byClient: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A booking just changed, with the practice it had (its number, its anonymity). */
const withTicket = (
  row: ConsultationRow,
  {
    practiceTicketCode,
    practiceAnonymous,
  }: Pick<ConsultationWithPractice, "practiceTicketCode" | "practiceAnonymous">,
): ConsultationWithPractice => ({ ...row, practiceTicketCode, practiceAnonymous });

// ─── Slots ───────────────────────────────────────────────────────────────────────────────────────────────

/** Today on the team's calendar, and the last day one may book. */
function bookingWindow(at: Date): { today: IsoDate; lastDay: IsoDate } {
  const today = romeCalendarDay(at);
  return { today, lastDay: addDays(today, CONSULTATION_HORIZON_DAYS) };
}

/** The earliest start offered now. */
const earliestStart = (at: Date) => new Date(at.getTime() + CONSULTATION_MIN_NOTICE_MINUTES * MINUTE_MS);

/** The free slots of a period (today to the horizon without one; days outside it left out). */
export async function freeSlots(deps: Deps, query: SlotsQuery): Promise<SlotsAnswer> {
  const at = now(deps.clock);
  const { today, lastDay } = bookingWindow(at);
  const from = query.from && isAfter(query.from, today) ? query.from : today;
  const to = query.to && isBefore(query.to, lastDay) ? query.to : lastDay;
  const answer = { timeZone: CONSULTATION_TIME_ZONE, minutes: CONSULTATION_MINUTES, from, to } as const;
  if (isAfter(from, to)) return { ...answer, slots: [] };

  const earliest = earliestStart(at);
  const starts = slotStarts(await rules(deps.db), from, to).filter((start) => start >= earliest);
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) return { ...answer, slots: [] };
  const booked = new Set(
    (await bookedStartsBetween(deps.db, first, new Date(last.getTime() + 1))).map((start) => start.getTime()),
  );
  return {
    ...answer,
    slots: starts
      .filter((start) => !booked.has(start.getTime()))
      .map((start) => ({ startsAt: start.toISOString(), ...pick(romeWallClock(start)) })),
  };
}

const pick = ({ date, time }: { date: string; time: string }) => ({ date, time });

/**
 * A start one may book now: one the availability offers, not past (with the notice), within the horizon.
 * Whether it is free is the insert's to find out (the unique index), never checked here.
 */
async function checkBookable(db: Db, startsAt: Date, at: Date): Promise<void> {
  if (startsAt < earliestStart(at)) throw new AppError("BAD_REQUEST", CONSULTATION_MESSAGES.slotPast);
  const { lastDay } = bookingWindow(at);
  const offered = !isAfter(romeWallClock(startsAt).date, lastDay) && isOfferedSlot(await rules(db), startsAt);
  if (!offered) throw new AppError("BAD_REQUEST", CONSULTATION_MESSAGES.slotNotOffered);
}

/** A booking made within a day of its start needs no reminder: its confirmation is one. */
const remindedAtFor = (startsAt: Date, at: Date): Date | null =>
  startsAt.getTime() - at.getTime() <= DAY_MS ? at : null;

// ─── Booking ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /v1/consultations. A signed-in client booking with her own confirmed e-mail holds the slot at once
 * (at most CONSULTATION_MAX_HELD_PER_ACCOUNT upcoming), mailed with its invitation. Anyone else's booking is
 * a request, mailed once with the link that confirms it; it holds no slot. A request to an address mailed
 * one within CONSULTATION_REQUEST_MAIL_HOURS, or to an address or number with its upcoming consultations
 * already, stores and mails nothing, and is answered the same: no stranger is mailed twice, and the answer
 * tells no one about an address's bookings.
 */
export async function bookConsultation(
  deps: Deps,
  actor: Actor | null,
  body: ConsultationBooking,
): Promise<BookingAnswer> {
  authorizeAction(consultationPolicy(actor, "book"));
  const at = now(deps.clock);
  const startsAt = new Date(body.startsAt);
  await checkBookable(deps.db, startsAt, at);

  let ticketCode: string | null = null;
  if (body.practiceId) {
    if (!actor) throw new AppError("BAD_REQUEST", CONSULTATION_MESSAGES.practiceNeedsAccount);
    const practice = await authorize(deps.db, actor, await findPractice(deps.db, body.practiceId), {
      sees: (row) => consultationPolicy(actor, "attach-practice", row),
    });
    ticketCode = practice.ticketCode;
  }
  const user = actor ? await findUserById(deps.db, actor.userId) : undefined;
  const account = user && { email: user.email, emailVerified: !!user.emailVerifiedAt };
  const holds = consultationPolicy(actor, "hold-at-once", { email: body.email, account });
  const requested: BookingAnswer = { status: "requested", email: body.email, consultation: null };

  return deps.db.transaction(async (tx) => {
    const booking = {
      startsAt,
      endsAt: slotEnd(startsAt),
      kind: body.kind,
      name: body.name,
      email: body.email,
      phone: body.phone,
      practiceId: body.practiceId ?? null,
      userId: actor?.userId ?? null,
      at,
    };
    if (holds && actor) {
      await lockBookingContact(tx, `user:${actor.userId}`);
      if ((await upcomingCount(tx, { userId: actor.userId }, at)) >= CONSULTATION_MAX_HELD_PER_ACCOUNT)
        throw new AppError("CONFLICT", CONSULTATION_MESSAGES.tooManyForAccount);
      const booked = await insertConsultation(tx, {
        ...booking,
        status: "booked",
        remindedAt: remindedAtFor(startsAt, at),
      });
      if (!booked) throw new AppError("CONFLICT", CONSULTATION_MESSAGES.slotTaken);
      await deps.jobs.send(tx, "mail", bookedMail(deps.config, invitationOf(booked)));
      // Her own view: her practice's number whatever staff see of it.
      return {
        status: "booked",
        email: booked.email,
        consultation: view(withTicket(booked, { practiceTicketCode: ticketCode, practiceAnonymous: false })),
      };
    }

    // The address's (and the number's) bookings in order, so two requests at once meet the same counts.
    await lockBookingContact(tx, `email:${body.email.toLowerCase()}`);
    if (body.phone) await lockBookingContact(tx, `phone:${body.phone}`);
    const mailedSince = new Date(at.getTime() - CONSULTATION_REQUEST_MAIL_HOURS * 60 * MINUTE_MS);
    const quiet =
      (await emailUsedSince(tx, body.email, mailedSince)) ||
      (await upcomingCount(tx, { email: body.email }, at)) >= CONSULTATION_MAX_UPCOMING_PER_CONTACT ||
      (!!body.phone &&
        (await upcomingCount(tx, { phone: body.phone }, at)) >= CONSULTATION_MAX_UPCOMING_PER_CONTACT);
    if (quiet) return requested;
    // A request is outside the slot's unique index: it always goes in, and holds nothing.
    const row = await insertConsultation(tx, { ...booking, status: "requested", remindedAt: null });
    if (!row) throw new AppError("CONFLICT");
    await deps.jobs.send(tx, "mail", requestMail(deps.config, invitationOf(row)));
    return requested;
  });
}

const invitationOf = (row: ConsultationRow) => ({
  id: row.id,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  kind: row.kind,
  sequence: row.icsSequence,
  name: row.name,
  email: row.email,
  manageVersion: row.manageVersion,
});

// ─── The mail's link ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The booking a manage token opens: signed by us for this purpose, for this booking's current version, and
 * neither cancelled nor over. Otherwise the reason, in words the page shows.
 */
async function byToken(deps: Deps, token: string, at: Date): Promise<ConsultationWithPractice> {
  const signed = readConsultationManageToken(deps.config.documentLinkKey, token);
  if (!signed) throw new AppError("INVALID_TOKEN", CONSULTATION_MESSAGES.linkInvalid);
  const row = await findConsultation(deps.db, signed.id);
  if (!row) throw new AppError("INVALID_TOKEN", CONSULTATION_MESSAGES.linkInvalid);
  if (row.status === "cancelled") throw new AppError("GONE", CONSULTATION_MESSAGES.linkUsed);
  if (row.manageVersion !== signed.version)
    throw new AppError("INVALID_TOKEN", CONSULTATION_MESSAGES.linkInvalid);
  if (!isOpen(row.status) || row.endsAt <= at) throw new AppError("GONE", CONSULTATION_MESSAGES.linkExpired);
  return row;
}

/** GET /v1/consultations/manage: the booking the link opens. */
export async function managedConsultation(deps: Deps, token: string): Promise<ManagedConsultation> {
  const at = now(deps.clock);
  return managedView(await byToken(deps, token, at), at);
}

function checkChangeable(row: ConsultationWithPractice, at: Date): void {
  if (!managedView(row, at).changeable) throw new AppError("CONFLICT", CONSULTATION_MESSAGES.tooLateToChange);
}

/** POST /v1/consultations/manage/cancel: the slot is free again; the links handed out act no more. */
export async function cancelByToken(deps: Deps, token: string): Promise<ManagedConsultation> {
  const at = now(deps.clock);
  const row = await byToken(deps, token, at);
  checkChangeable(row, at);
  if (!canTransition(row.status, "cancelled", "person")) throw new AppError("CONFLICT");
  const cancelled = await deps.db.transaction(async (tx) => {
    const updated = await cancelConsultation(tx, {
      id: row.id,
      version: row.manageVersion,
      from: statusesBefore("cancelled", "person"),
      changeableAfter: new Date(at.getTime() + CONSULTATION_CHANGE_CUTOFF_MINUTES * MINUTE_MS),
      at,
    });
    // Someone else (another tab, the same link twice) cancelled it in between.
    if (!updated) throw new AppError("GONE", CONSULTATION_MESSAGES.linkUsed);
    await deps.jobs.send(tx, "mail", cancelledMail(deps.config, invitationOf(updated)));
    return updated;
  });
  return managedView(withTicket(cancelled, row), at);
}

/** POST /v1/consultations/manage/move: another free slot; the invitation keeps its UID, SEQUENCE one up. */
export async function moveByToken(
  deps: Deps,
  token: string,
  body: ConsultationMove,
): Promise<ManagedConsultation> {
  const at = now(deps.clock);
  const row = await byToken(deps, token, at);
  checkChangeable(row, at);
  if (!canMove(row.status)) throw new AppError("CONFLICT");
  const startsAt = new Date(body.startsAt);
  // A request may "move" onto its own start: that confirms it there.
  if (row.status === "booked" && startsAt.getTime() === row.startsAt.getTime())
    throw new AppError("BAD_REQUEST", CONSULTATION_MESSAGES.sameSlot);
  await checkBookable(deps.db, startsAt, at);
  const moved = await deps.db.transaction(async (tx) => {
    const updated = await moveConsultation(tx, {
      id: row.id,
      version: row.manageVersion,
      from: [row.status],
      changeableAfter: new Date(at.getTime() + CONSULTATION_CHANGE_CUTOFF_MINUTES * MINUTE_MS),
      startsAt,
      endsAt: slotEnd(startsAt),
      remindedAt: remindedAtFor(startsAt, at),
      at,
    });
    if (updated === "taken") throw new AppError("CONFLICT", CONSULTATION_MESSAGES.slotTaken);
    if (!updated) throw new AppError("GONE", CONSULTATION_MESSAGES.linkUsed);
    // A request moved is confirmed: its first invitation; a booking's move, the updated one.
    const mail = row.status === "requested" ? bookedMail : movedMail;
    await deps.jobs.send(tx, "mail", mail(deps.config, invitationOf(updated)));
    return updated;
  });
  return managedView(withTicket(moved, row), at);
}

/**
 * POST /v1/consultations/manage/confirm: the request becomes a booking and holds its slot, mailed with its
 * invitation. When someone held that start first, the person is told kindly to choose another (the move,
 * which confirms it there). Confirming a booked one again changes nothing.
 */
export async function confirmByToken(deps: Deps, token: string): Promise<ManagedConsultation> {
  const at = now(deps.clock);
  const row = await byToken(deps, token, at);
  if (row.status === "booked") return managedView(row, at);
  checkChangeable(row, at);
  if (!canTransition(row.status, "booked", "person")) throw new AppError("CONFLICT");
  const confirmed = await deps.db.transaction(async (tx) => {
    const updated = await confirmConsultation(tx, {
      id: row.id,
      version: row.manageVersion,
      from: statusesBefore("booked", "person"),
      changeableAfter: new Date(at.getTime() + CONSULTATION_CHANGE_CUTOFF_MINUTES * MINUTE_MS),
      remindedAt: remindedAtFor(row.startsAt, at),
      at,
    });
    if (updated === "taken") throw new AppError("CONFLICT", CONSULTATION_MESSAGES.confirmTaken);
    if (!updated) throw new AppError("GONE", CONSULTATION_MESSAGES.linkUsed);
    await deps.jobs.send(tx, "mail", bookedMail(deps.config, invitationOf(updated)));
    return updated;
  });
  return managedView(withTicket(confirmed, row), at);
}

// ─── The client's area ───────────────────────────────────────────────────────────────────────────────────

/** How long a past consultation stays in the client's area. */
const AREA_PAST_DAYS = 30;

/**
 * GET /v1/consultations/mine: the consultations booked from the caller's account, ending in the last
 * AREA_PAST_DAYS days or later, by start, each with the manage page's address (its mail's link), where she
 * moves or cancels it as from the mail.
 */
export async function myConsultations(deps: Deps, actor: Actor): Promise<ClientConsultations> {
  authorizeAction(consultationPolicy(actor, "list-own"));
  const at = now(deps.clock);
  const user = await findUserById(deps.db, actor.userId);
  const account = user && { email: user.email, emailVerified: !!user.emailVerifiedAt };
  // A request is confirmed by its address's mailbox: the area hands its link only when that is her own.
  const managed = (row: ConsultationWithPractice) =>
    row.status !== "requested" || consultationPolicy(actor, "hold-at-once", { email: row.email, account });
  const rows = await consultationsOfUser(
    deps.db,
    actor.userId,
    new Date(at.getTime() - AREA_PAST_DAYS * DAY_MS),
  );
  return {
    data: rows.map((row) => ({
      ...managedView(row, at),
      practiceId: row.practiceId,
      managePath: managed(row)
        ? `${CONSULTATION_MANAGE_PATH}?${CONSULTATION_MANAGE_TOKEN_PARAM}=${consultationManageToken(
            deps.config.documentLinkKey,
            row.id,
            row.manageVersion,
          )}`
        : null,
    })),
  };
}

// ─── Staff ───────────────────────────────────────────────────────────────────────────────────────────────

/** GET /v1/admin/consultations: the bookings starting in a period of Rome days; the read is audited. */
export async function agenda(deps: Deps, actor: Actor, query: AgendaQuery): Promise<Agenda> {
  authorizeAction(consultationPolicy(actor, "work-agenda"));
  // Rome's midnight always exists (its changes are at 02:00 and 03:00).
  const from = romeInstant(query.from, "00:00");
  const to = romeInstant(addDays(query.to, 1), "00:00");
  if (!from || !to) throw new AppError("BAD_REQUEST", MESSAGES.invalidDate);
  const rows = await consultationsBetween(deps.db, from, to);
  await auditStaffRead(
    deps.db,
    actor,
    "consultation.list",
    rows.map((row) => row.id),
  );
  return { from: query.from, to: query.to, data: rows.map(staffView) };
}

/** PUT /v1/admin/consultations/:id/outcome: done or missed, once it started (a correction too). */
export async function recordOutcome(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ConsultationOutcomeBody,
): Promise<StaffConsultation> {
  authorizeAction(consultationPolicy(actor, "work-agenda"));
  const at = now(deps.clock);
  const row = await findConsultation(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === body.outcome) return staffView(row);
  if (!canTransition(row.status, body.outcome, "staff"))
    throw new AppError("CONFLICT", CONSULTATION_MESSAGES.outcomeNotAllowed);
  if (row.startsAt > at) throw new AppError("CONFLICT", CONSULTATION_MESSAGES.outcomeTooEarly);
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await setConsultationOutcome(tx, {
      id,
      status: body.outcome,
      from: statusesBefore(body.outcome, "staff"),
      startedBy: at,
      at,
    });
    if (!changed) throw new AppError("CONFLICT");
    await audit(tx, actor, "consultation.outcome", id, { from: row.status, to: changed.status });
    return changed;
  });
  return staffView(withTicket(updated, row));
}

/**
 * PUT /v1/admin/consultations/:id/video-link: stored and mailed to the person (the link and the time,
 * nothing of any case); only on a booked video call not over yet. Sending it again replaces it.
 */
export async function setVideoLink(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ConsultationVideoLink,
): Promise<StaffConsultation> {
  authorizeAction(consultationPolicy(actor, "work-agenda"));
  const at = now(deps.clock);
  const row = await findConsultation(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND");
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await setConsultationVideoUrl(tx, { id, videoUrl: body.videoUrl, at });
    if (!changed) throw new AppError("CONFLICT", CONSULTATION_MESSAGES.videoUrlNotAllowed);
    await audit(tx, actor, "consultation.video-link", id, { replaced: row.videoUrl !== null });
    await deps.jobs.send(
      tx,
      "mail",
      videoLinkMail(deps.config, { ...invitationOf(changed), videoUrl: body.videoUrl }),
    );
    return changed;
  });
  return staffView(withTicket(updated, row));
}

// ─── The reminder pass ───────────────────────────────────────────────────────────────────────────────────

/**
 * The hourly pass (`consultation-reminders`): the booked consultations starting within the next day, not
 * reminded yet, are claimed and mailed in one transaction, so a second pass (or another process) mails none
 * of them again. A move sets the claim back (consultation-service moveByToken).
 */
export async function sendConsultationReminders(
  deps: Pick<Deps, "db" | "clock" | "jobs" | "config">,
): Promise<number> {
  const at = now(deps.clock);
  return deps.db.transaction(async (tx) => {
    const due = await claimConsultationReminders(tx, {
      from: at,
      until: new Date(at.getTime() + DAY_MS),
      at,
    });
    for (const row of due) await deps.jobs.send(tx, "mail", reminderMail(deps.config, invitationOf(row)));
    return due.length;
  });
}

import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { casePath } from "@argine/core/practices/case-path";
import { daysLeft, dueReminder, upcomingComplaintDeadline } from "@argine/core/reminders/deadline-reminders";
import { remindersPolicy } from "@argine/core/reminders/policy";
import type { DeadlineReminders, DeadlineRemindersBody } from "@argine/core/reminders/reminders-api";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { MESSAGES } from "@argine/core/shared/messages";
import type { PracticeRow } from "@argine/db/queries/practices";
import { recordReminder, reminderCandidates, setDeadlineReminders } from "@argine/db/queries/reminders";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { deadlineReminderMail } from "../mail/templates.ts";
import { authorizedPractice } from "../practices/practice-access.ts";

// The complaint deadline's reminders: the owner's opt-in on the case page, its countdown, and the
// daily job that mails them 30, 7 and 1 days before.

function remindersView(actor: Actor, practice: PracticeRow, at: Date): DeadlineReminders {
  const today = romeCalendarDay(at);
  const deadline = upcomingComplaintDeadline(practice.feedback, today);
  return {
    enabled: practice.deadlineReminders,
    complaintDeadline: deadline,
    daysLeft: deadline ? daysLeft(today, deadline) : null,
    canChange: remindersPolicy(actor, "change", practice) && practice.status !== "CLOSED",
  };
}

/** GET /v1/practices/{id}/reminders: the opt-in and the countdown, for whoever reads the practice. */
export async function getReminders(deps: Deps, actor: Actor, id: string): Promise<DeadlineReminders> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  return remindersView(actor, practice, now(deps.clock));
}

/** PUT /v1/practices/{id}/reminders: the owner turns the reminders on or off while the practice is open. */
export async function setReminders(
  deps: Deps,
  actor: Actor,
  id: string,
  body: DeadlineRemindersBody,
): Promise<DeadlineReminders> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  authorizeAction(remindersPolicy(actor, "change", practice), MESSAGES.remindersOwnerOnly);
  const at = now(deps.clock);
  const updated = await setDeadlineReminders(deps.db, id, body.enabled, at);
  if (!updated) throw new AppError("CONFLICT", MESSAGES.remindersPracticeClosed);
  return remindersView(actor, updated, at);
}

/**
 * The daily pass: each opted-in open practice with a complaint deadline ahead gets the reminder now due, if
 * any, once (the row recorded in the mail's transaction; a closed or opted-out practice records none).
 * Returns how many mails were queued.
 */
export async function sendDeadlineReminders(deps: Deps): Promise<number> {
  const at = now(deps.clock);
  const today = romeCalendarDay(at);
  let sent = 0;
  for (const candidate of await reminderCandidates(deps.db)) {
    const deadline = upcomingComplaintDeadline(candidate.feedback, today);
    const due = deadline ? dueReminder(daysLeft(today, deadline), candidate.sentDays) : null;
    if (due === null) continue;
    await deps.db.transaction(async (tx) => {
      if (!(await recordReminder(tx, candidate.practiceId, due, at))) return;
      const link = `${deps.config.publicUrl}${casePath(candidate.ticketCode)}`;
      await deps.jobs.send(tx, "mail", deadlineReminderMail(candidate.email, candidate.name, link));
      sent++;
    });
  }
  return sent;
}

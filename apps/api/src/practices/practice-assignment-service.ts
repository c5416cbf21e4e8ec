import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { canReleaseAssignment } from "@argine/core/practices/policy";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { formatShortItalianDay, romeCalendarDay } from "@argine/core/shared/calendar";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import type { Db } from "@argine/db/client";
import { findPractice, releasePractice, takePractice } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { takeWaitingServices } from "../services/service-assignment.ts";
import { changePractice } from "./practice-access.ts";

// "Prendi in carico" (ADR 011): a lawyer takes a case, one at a time; who holds it, or an admin, lets it go.
// Each is one conditional update (db's takePractice, releasePractice) and its audit line, in one transaction;
// taking a case also takes its services that wait for a lawyer nobody holds (services/service-assignment.ts).

const lawyerName = async (db: Db, id: string | null) => {
  const lawyer = id ? await findUserById(db, id) : undefined;
  return lawyer ? `Avv. ${lawyer.name} ${lawyer.lastname}` : "un altro avvocato";
};
const italianDay = (d: Date | null) => (d ? formatShortItalianDay(romeCalendarDay(d)) : "");

/** The case passes to the calling lawyer if nobody has it; 409 naming who does, unless it is them already. */
export function takeCase(deps: Deps, actor: Actor, id: string): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "assign", async (tx, practice) => {
    if (await takePractice(tx, practice.id, actor.userId, now(deps.clock))) {
      await audit(tx, actor, "practice.assignment.take", practice.id);
      await takeWaitingServices(deps, tx, actor, practice);
      return;
    }
    // Someone has it: this lawyer already (nothing to do), or a colleague, maybe an instant ago.
    const current = await findPractice(tx, practice.id);
    // Theirs already: a service bought since, waiting for a lawyer, becomes theirs too.
    if (current?.assignedLawyerId === actor.userId) return takeWaitingServices(deps, tx, actor, practice);
    throw new AppError(
      "CONFLICT",
      `La pratica è già presa in carico da ${await lawyerName(tx, current?.assignedLawyerId ?? null)} ${withDayArticle("dal", italianDay(current?.assignedAt ?? null))}.`,
      { assignedLawyerId: current?.assignedLawyerId ?? null },
    );
  });
}

/** Lets the case go: its holder or an admin (core's canReleaseAssignment); nothing to do when nobody has it. */
export function releaseCase(deps: Deps, actor: Actor, id: string): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "assign", async (tx, practice) => {
    const holder = practice.assignedLawyerId;
    if (holder === null) return;
    if (!canReleaseAssignment(actor, practice)) {
      throw new AppError(
        "FORBIDDEN",
        `La pratica è in carico a ${await lawyerName(tx, holder)}: può lasciarla solo chi la tiene, o un amministratore.`,
      );
    }
    if (!(await releasePractice(tx, practice.id, holder, now(deps.clock)))) {
      throw new AppError("CONFLICT", "La pratica è cambiata nel frattempo: ricarica la pagina e riprova.");
    }
    await audit(tx, actor, "practice.assignment.release", practice.id, { previousLawyerId: holder });
  });
}

import { AppError } from "@argine/core/errors/app-error";
import type { Evaluation } from "@argine/core/feedback/evaluation";
import type { Actor } from "@argine/core/identity/policy";
import {
  FORBIDDEN_FOR_MINOR_MESSAGE,
  forbiddenServiceFlags,
} from "@argine/core/practices/available-services";
import { involvesMinorSexualContent } from "@argine/core/practices/human-review-reason";
import { canDelete, canTransition } from "@argine/core/practices/lifecycle";
import { practicesPolicy } from "@argine/core/practices/policy";
import type { PracticeStatus } from "@argine/core/practices/practice-status";
import type {
  CustomService,
  PracticeDetail,
  PracticeList,
  PracticeListQuery,
  PracticeQueue,
  ServicesActive,
  UnreadCounts,
} from "@argine/core/practices/practices-api";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import { pageWindow } from "@argine/core/shared/paging";
import { unreadCommentCounts } from "@argine/db/queries/comments";
import { listPractices, practiceQueue } from "@argine/db/queries/practice-list";
import {
  deletePendingPractice,
  setPracticeAnonymity,
  setServicesActive,
  updateAssessment,
  updatePracticeStatus,
} from "@argine/db/queries/practices";
import { audit } from "../audit/audit.ts";
import { auditStaffRead } from "../audit/staff-read.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { listPages } from "./list-pages.ts";
import { authorizedPractice, changePractice } from "./practice-access.ts";
import { feedbackLink, practiceDetail, practiceSummary } from "./practice-view.ts";

// The practice itself (ADR 006, 007): the lists, the detail, its status, what it offers for sale, its
// deletion. Its comments, e-mails, assignment and claims have their own services beside this one.

/**
 * Staff reading a list of victims' cases leave one audit line with the ids seen (docs/architecture.md): one for
 * each list they see, not again for the same list unchanged within a minute (list-pages.ts writeLine, ADR 045).
 */
const auditListRead = (
  deps: Deps,
  actor: Actor,
  seen: { version: string | null; key: string },
  rows: readonly { practiceId: string }[],
) =>
  listPages(deps.db).writeLine(seen.version, seen.key, deps.clock.now(), () =>
    auditStaffRead(
      deps.db,
      actor,
      "practice.list",
      rows.map((p) => p.practiceId),
    ),
  );

/**
 * A client's own practices, or every practice for staff, filtered and paged. Under `listsVersion` (the
 * caller's grant check's, list-pages.ts) a list this process already read is answered again while nothing in
 * it changed.
 */
export async function listPracticesFor(
  deps: Deps,
  actor: Actor,
  q: PracticeListQuery,
  listsVersion: string | null = null,
): Promise<PracticeList> {
  const staff = practicesPolicy(actor, "work-cases");
  const key = `list ${actor.userId} ${staff} ${JSON.stringify(q)}`;
  const list = await listPages(deps.db).through(listsVersion, key, async () => {
    const { total, totalCapped, data } = await listPractices(deps.db, {
      ...(staff ? {} : { ownerId: actor.userId }),
      ...(q.q ? { q: q.q } : {}),
      ...(q.ticketCode ? { ticketCode: q.ticketCode } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.evaluation ? { evaluation: q.evaluation } : {}),
      ...(q.crimeType ? { crimeType: q.crimeType } : {}),
      ...(q.anonymous === undefined ? {} : { anonymous: q.anonymous }),
      ...(q.assigned === "mine" ? { assignedTo: actor.userId } : {}),
      ...(q.assigned === "unassigned" ? { unassigned: true } : {}),
      ...(q.urgent === undefined ? {} : { urgent: q.urgent }),
      ...(q.waiting ? { waiting: true } : {}),
      reader: actor.userId,
      ...pageWindow(q),
    });
    return { total, totalCapped, data: data.map(practiceSummary) };
  });
  await auditListRead(deps, actor, { version: listsVersion, key }, list.data);
  return list;
}

/** The lawyer's work queue (ADR 011): urgent, new, waiting for an answer, `limit` of each; staff only. */
export async function workQueue(
  deps: Deps,
  actor: Actor,
  limit: number,
  listsVersion: string | null = null,
): Promise<PracticeQueue> {
  authorizeAction(practicesPolicy(actor, "work-cases"));
  const key = `queue ${actor.userId} ${limit}`;
  const queue = await listPages(deps.db).through(listsVersion, key, async () => {
    const sections = await practiceQueue(deps.db, actor.userId, limit);
    const section = (s: typeof sections.urgent) => ({ ...s, data: s.data.map(practiceSummary) });
    return {
      urgent: section(sections.urgent),
      new: section(sections.new),
      waiting: section(sections.waiting),
    };
  });
  const seen = [...queue.urgent.data, ...queue.new.data, ...queue.waiting.data];
  await auditListRead(deps, actor, { version: listsVersion, key }, seen);
  return queue;
}

/**
 * The caller's own unread counts of practices a list showed (ADR 030): staff's of any, a client's of her own
 * only (another's id is answered as a practice with none). No audit line: the counts name no one and only
 * follow ids an audited list already showed, and chat activity asks for them again and again, which would
 * bury the staff's real reads under machine refreshes.
 */
export async function unreadCounts(deps: Deps, actor: Actor, ids: readonly string[]): Promise<UnreadCounts> {
  const counts = await unreadCommentCounts(
    deps.db,
    actor.userId,
    ids,
    practicesPolicy(actor, "work-cases") ? {} : { ownerId: actor.userId },
  );
  return { counts: Object.fromEntries(counts) };
}

export async function getPractice(deps: Deps, actor: Actor, id: string): Promise<PracticeDetail> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  return practiceDetail(deps.db, deps.config.publicUrl, practice);
}

/** The owner closes the practice; staff may also reopen it (the table in core's lifecycle.ts). */
export function changeStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  to: PracticeStatus,
): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "change-status", async (tx, practice) => {
    const from = PracticeStatusSchema.parse(practice.status);
    if (!canTransition(from, to, practicesPolicy(actor, "work-cases") ? "staff" : "client")) {
      throw new AppError(
        "CONFLICT",
        "Questo cambio di stato non è possibile: per riaprire una pratica contatta il team.",
      );
    }
    if (!(await updatePracticeStatus(tx, practice.id, from, to, now(deps.clock)))) {
      throw new AppError("CONFLICT");
    }
  });
}

/**
 * The client chooses whether lawyers see who she is (ADR 038): her name, contacts and billing data leave the
 * staff's views, searches, letters and mails while it is on. Audited either way.
 */
export function setAnonymity(
  deps: Deps,
  actor: Actor,
  id: string,
  anonymous: boolean,
): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "set-anonymity", async (tx, practice) => {
    if (practice.anonymous === anonymous) return;
    await setPracticeAnonymity(tx, practice.id, anonymous, now(deps.clock));
    await audit(tx, actor, "practice.anonymity", practice.id, { anonymous });
  });
}

/** The services the practice can buy; never a capture or a takedown for a minor's sexual images (ADR 011). */
export function changeServicesActive(
  deps: Deps,
  actor: Actor,
  id: string,
  flags: ServicesActive,
): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "manage-services", async (tx, practice) => {
    const minorSexualContent = involvesMinorSexualContent(practice.answers);
    const refused = forbiddenServiceFlags(flags, { minorSexualContent });
    if (refused.length) throw new AppError("CONFLICT", FORBIDDEN_FOR_MINOR_MESSAGE, { flags: refused });
    await setServicesActive(tx, practice.id, flags, now(deps.clock));
  });
}

export function changeEvaluation(
  deps: Deps,
  actor: Actor,
  id: string,
  evaluation: Evaluation,
): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "manage-services", (tx, practice) =>
    updateAssessment(tx, practice.id, { evaluation }, now(deps.clock)),
  );
}

/** The advice offered on this practice: spec §5 sells ADVICE only at the price a lawyer set for it. */
export async function adviceOffer(deps: Deps, actor: Actor, id: string): Promise<CustomService> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  const price =
    practice.serviceAdviceActive && practice.advicePriceCents !== null
      ? fromCents(practice.advicePriceCents)
      : null;
  return { code: "ADVICE", price, discountedPrice: price };
}

/** Sets the advice price in euros, or withdraws the advice with null. */
export function changeAdvicePrice(
  deps: Deps,
  actor: Actor,
  id: string,
  price: number | null,
): Promise<PracticeDetail> {
  return changePractice(deps, actor, id, "manage-services", (tx, practice) =>
    updateAssessment(
      tx,
      practice.id,
      { advicePriceCents: price === null ? null : toCents(price) },
      now(deps.clock),
    ),
  );
}

/** The owner deletes their practice while nothing was bought (ADR 007); audited whoever they are. */
export async function deletePractice(deps: Deps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const practice = await authorizedPractice(tx, actor, id, "delete");
    const deleted =
      canDelete(PracticeStatusSchema.parse(practice.status)) &&
      (await deletePendingPractice(tx, practice.id, actor.userId));
    if (!deleted) {
      throw new AppError(
        "CONFLICT",
        "Puoi eliminare solo una pratica in attesa: per questa pratica puoi chiederne la chiusura.",
      );
    }
    await audit(tx, actor, "practice.delete", practice.id);
  });
}

/** The questionnaire's answers, as the client gave them. */
export async function practiceAnswers(
  deps: Deps,
  actor: Actor,
  id: string,
): Promise<Record<string, unknown>> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  return practice.answers as Record<string, unknown>;
}

export async function practiceFeedbackLink(deps: Deps, actor: Actor, id: string): Promise<{ link: string }> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  const link = feedbackLink(deps.config.publicUrl, practice);
  if (!link) throw new AppError("NOT_FOUND", MESSAGES.noDocument);
  return { link };
}

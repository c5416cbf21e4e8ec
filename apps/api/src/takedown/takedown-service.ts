import { AppError } from "@argine/core/errors/app-error";
import type { FeedbackResult } from "@argine/core/feedback/result";
import type { Actor } from "@argine/core/identity/policy";
import { takedownNotice, takedownNoticeText } from "@argine/core/takedown/notice";
import { platformByCode, platformOf } from "@argine/core/takedown/platforms";
import { type TakedownAction, takedownPolicy } from "@argine/core/takedown/policy";
import { takedownSentAt } from "@argine/core/takedown/sent-at";
import {
  TAKEDOWN_ERRORS,
  TAKEDOWN_RECORD_ERRORS,
  type TakedownNotice,
  type TakedownNotices,
  type TakedownRecordBody,
  takedownNoticeFileName,
} from "@argine/core/takedown/takedown-api";
import type { Db } from "@argine/db/client";
import { findPractice } from "@argine/db/queries/practices";
import type { ServiceWithPractice } from "@argine/db/queries/services";
import {
  findTakedownNotice,
  insertTakedownNotices,
  listTakedownNotices,
  recordTakedownNotice,
  type TakedownNoticeRow,
} from "@argine/db/queries/takedown";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { fieldError } from "../catalogue/changes.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import type { FileDownload } from "../http/send-file.ts";
import { styledPdf } from "../pdf/pdf-document.ts";
import { authorizedService } from "../services/service-access.ts";
import { assertServiceOpen, mailClient, moveServiceAudited } from "../services/service-steps.ts";
import { staffName } from "../services/service-view.ts";

// The takedown (ADR 021): the client gives up to three URLs once; the product writes a DSA notice for each
// (core takedown/notice.ts), which staff send to the platform and whose answer they record; the client
// follows each URL's state on the case page.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The service if it is a takedown this actor may act on: any other service answers as an unknown one. */
function takedownService(
  db: Db,
  actor: Actor,
  id: string,
  action: TakedownAction,
  options?: { audit?: boolean },
): Promise<ServiceWithPractice> {
  return authorizedService(db, actor, id, action, { ...options, policy: takedownPolicy, type: "TAKEDOWN" });
}

/** Who signs the notices: the client, or for an anonymous practice the lawyer working it (if any yet). */
async function noticeSigner(db: Db, { service, practice }: ServiceWithPractice) {
  const row = await findPractice(db, practice.id);
  const lawyer = row?.anonymous ?? true;
  const userId = lawyer ? service.assignedLawyerId : practice.ownerId;
  const user = userId ? await findUserById(db, userId) : undefined;
  const feedback = (row?.feedback ?? null) as FeedbackResult | null;
  return {
    notifier: user ? { name: staffName(user), email: user.email, lawyer } : null,
    offences: feedback?.offences ?? [],
  };
}

type Signer = Awaited<ReturnType<typeof noticeSigner>>;

function noticeOf(row: TakedownNoticeRow, signer: Signer, ticketCode: string) {
  return takedownNotice({ url: row.url, platform: platformByCode(row.platform), ticketCode, ...signer });
}

function noticeView(
  row: TakedownNoticeRow,
  signer: Signer,
  ticketCode: string,
  staffNotes: boolean,
): TakedownNotice {
  const platform = platformByCode(row.platform);
  return {
    noticeId: row.id,
    position: row.position,
    url: row.url,
    platform: platform
      ? { code: platform.code, name: platform.name, reportTo: platform.reportTo, reviewed: platform.reviewed }
      : null,
    status: row.status as TakedownNotice["status"],
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    answeredAt: iso(row.answeredAt),
    sentVia: staffNotes ? row.sentVia : null,
    staffNote: staffNotes ? row.staffNote : null,
    text: takedownNoticeText(noticeOf(row, signer, ticketCode)),
  };
}

async function noticesView(
  db: Db,
  actor: Actor,
  found: ServiceWithPractice,
  rows: TakedownNoticeRow[],
): Promise<TakedownNotices> {
  const signer = await noticeSigner(db, found);
  const staffNotes = takedownPolicy(actor, "read-staff-notes", found.practice);
  return {
    notices: rows.map((row) => noticeView(row, signer, found.practice.ticketCode, staffNotes)),
  };
}

/**
 * PATCH /v1/services/takedown/{id}/urls (the client, once): a notice per URL, its platform from the host;
 * the service is then the team's ("preso in carico"). A second submission is refused: the notices may
 * already be on their way to the platforms.
 */
export function submitTakedownUrls(
  deps: Deps,
  actor: Actor,
  id: string,
  urls: readonly string[],
): Promise<TakedownNotices> {
  return deps.db.transaction(async (tx) => {
    const found = await takedownService(tx, actor, id, "submit-urls", { audit: false });
    const { service } = found;
    assertServiceOpen(found, TAKEDOWN_ERRORS);
    const at = now(deps.clock);
    const rows = await insertTakedownNotices(
      tx,
      id,
      urls.map((url) => ({ url, platform: platformOf(url)?.code ?? null })),
      at,
    );
    if (rows.length === 0) throw new AppError("CONFLICT", TAKEDOWN_ERRORS.alreadySubmitted);
    await audit(tx, actor, "takedown.urls", id, { count: rows.length });
    if (service.status === "TO_START") {
      await moveServiceAudited(tx, actor, service, "IN_PROGRESS", at, TAKEDOWN_ERRORS.changedMeanwhile);
    }
    return noticesView(tx, actor, found, rows);
  });
}

/** GET /v1/services/takedown/{id}/notices: each URL with its state (staff also see their notes). */
export async function takedownNotices(deps: Deps, actor: Actor, id: string): Promise<TakedownNotices> {
  const found = await takedownService(deps.db, actor, id, "read");
  return noticesView(deps.db, actor, found, await listTakedownNotices(deps.db, id));
}

/** GET /v1/services/takedown/{id}/notices/{noticeId}/pdf: the notice in the product's PDF style. */
export async function takedownNoticePdf(
  deps: Deps,
  actor: Actor,
  id: string,
  noticeId: string,
): Promise<FileDownload> {
  const found = await takedownService(deps.db, actor, id, "read");
  const row = await findTakedownNotice(deps.db, id, noticeId);
  if (!row) throw new AppError("NOT_FOUND");
  const notice = noticeOf(row, await noticeSigner(deps.db, found), found.practice.ticketCode);
  const pdf = styledPdf({ title: notice.title });
  pdf.heading(notice.title, 15);
  for (const paragraph of notice.paragraphs) pdf.paragraph(paragraph);
  return {
    filename: takedownNoticeFileName(found.practice.ticketCode, row.position),
    contentType: "application/pdf",
    body: await pdf.finish(),
  };
}

/**
 * When the notice was sent: the moment staff give (which may correct an earlier one), else the first
 * record's. Refused under the field when in the future or before the client gave the link.
 */
function sentAtOf(body: TakedownRecordBody, read: TakedownNoticeRow, at: Date): Date {
  if (body.sentAt === undefined) return read.sentAt ?? at;
  const checked = takedownSentAt(body.sentAt, read.createdAt, at);
  if ("at" in checked) return checked.at;
  throw fieldError(
    "sentAt",
    checked.refused === "future"
      ? TAKEDOWN_RECORD_ERRORS.sentAtFuture
      : TAKEDOWN_RECORD_ERRORS.sentAtBeforeLink,
  );
}

/**
 * PATCH /v1/services/takedown/{id}/notices/{noticeId} (staff): where and when the notice was sent and the
 * platform's answer. An audit line per change; a new answer is news for the client (a neutral mail).
 */
export function recordTakedown(
  deps: Deps,
  actor: Actor,
  id: string,
  noticeId: string,
  body: TakedownRecordBody,
): Promise<TakedownNotice> {
  return deps.db.transaction(async (tx) => {
    const found = await takedownService(tx, actor, id, "record", { audit: false });
    assertServiceOpen(found, { cancelled: TAKEDOWN_ERRORS.cancelled });
    const read = await findTakedownNotice(tx, id, noticeId);
    if (!read) throw new AppError("NOT_FOUND");
    const at = now(deps.clock);
    const sentAt = sentAtOf(body, read, at);
    const status = body.answer ?? "SENT";
    const newAnswer = body.answer !== null && body.answer !== read.status;
    const row = await recordTakedownNotice(
      tx,
      read,
      {
        status,
        sentVia: body.sentVia,
        sentAt,
        answeredAt: body.answer === null ? null : newAnswer ? at : read.answeredAt,
        staffNote: body.note || null,
        recordedBy: actor.userId,
      },
      at,
    );
    if (!row) throw new AppError("CONFLICT", TAKEDOWN_ERRORS.changedMeanwhile);
    // A moment staff gave is kept with the line: it may correct an earlier one.
    await audit(tx, actor, "takedown.record", id, {
      noticeId,
      from: read.status,
      to: status,
      ...(body.sentAt === undefined ? {} : { sentAt: sentAt.toISOString() }),
    });
    if (newAnswer) await mailClient(deps, tx, found.practice);
    return noticeView(row, await noticeSigner(tx, found), found.practice.ticketCode, true);
  });
}

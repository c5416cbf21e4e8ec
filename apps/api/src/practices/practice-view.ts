import { AppError } from "@argine/core/errors/app-error";
import { isUrgent } from "@argine/core/practices/human-review";
import { humanReviewReason, involvesMinorSexualContent } from "@argine/core/practices/human-review-reason";
import type { PracticeDetail, PracticeSummary } from "@argine/core/practices/practices-api";
import { PracticeStatusSchema } from "@argine/core/practices/practices-api";
import { fromCents } from "@argine/core/shared/money";
import type { Db } from "@argine/db/client";
import { findBilling } from "@argine/db/queries/billing";
import type { PracticeListRow } from "@argine/db/queries/practice-list";
import { findPractice, type PracticeRow } from "@argine/db/queries/practices";
import { listPracticeServices } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";
import { serviceViews } from "../services/service-view.ts";

// A practice as the API answers it (core's practices-api types), from its rows: what every practices use
// case returns, whoever calls it (a route today; the chat socket, a job, a webhook later).

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** "Name Lastname", or null for a person the row does not name (a deleted account). */
export const fullName = (name: string | null, lastname: string | null) =>
  name ? `${name} ${lastname ?? ""}`.trim() : null;

type SummaryRow =
  | PracticeListRow
  | (PracticeRow & {
      clientName?: null;
      clientLastname?: null;
      lawyerName?: string | null;
      lawyerLastname?: string | null;
      unreadComments: number;
    });

/** A list's line; `unreadComments` is the reader's own (db's unreadCommentsOf). */
export function practiceSummary(row: SummaryRow): PracticeSummary {
  return {
    practiceId: row.id,
    ticketCode: row.ticketCode,
    status: PracticeStatusSchema.parse(row.status),
    evaluation: (row.evaluation as PracticeSummary["evaluation"]) ?? null,
    crimeType: row.crimeType,
    platform: row.platform,
    anonymous: row.anonymous,
    createdAt: row.createdAt.toISOString(),
    expiryDate: iso(row.expiryDate),
    // An anonymous practice shows no client identity.
    client:
      row.anonymous || !row.clientName ? null : { name: row.clientName, lastname: row.clientLastname ?? "" },
    humanReview: row.humanReview,
    urgent: isUrgent(row),
    assignedLawyer:
      row.assignedLawyerId && row.lawyerName
        ? { id: row.assignedLawyerId, name: row.lawyerName, lastname: row.lawyerLastname ?? "" }
        : null,
    assignedAt: iso(row.assignedAt),
    awaitingReplySince: iso(row.awaitingReplySince),
    unreadComments: row.unreadComments,
  };
}

/** Where the practice's feedback opens as a PDF; null when the questionnaire left none. */
export const feedbackLink = (publicUrl: string, practice: PracticeRow) =>
  practice.feedback ? `${publicUrl}/v1/practices/${practice.id}/feedback.pdf` : null;

/** The practice as shown to users (spec §3); an anonymous practice shows no client identity. */
export async function practiceDetail(
  db: Db,
  publicUrl: string,
  practice: PracticeRow,
): Promise<PracticeDetail> {
  const owner =
    practice.ownerId && !practice.anonymous ? await findUserById(db, practice.ownerId) : undefined;
  const billing = owner ? await findBilling(db, owner.id) : undefined;
  const services = await listPracticeServices(db, practice.id);
  const lawyer = practice.assignedLawyerId ? await findUserById(db, practice.assignedLawyerId) : undefined;
  const { unreadComments: _eachReadersOwn, ...summary } = practiceSummary({
    ...practice,
    lawyerName: lawyer?.name ?? null,
    lawyerLastname: lawyer?.lastname ?? null,
    unreadComments: 0,
  });
  return {
    ...summary,
    client: owner
      ? {
          name: owner.name,
          lastname: owner.lastname,
          email: owner.email,
          phone: owner.cellPhone,
          taxCode: billing?.taxCode ?? null,
          address: billing
            ? `${billing.address}, ${billing.cap} ${billing.city}${billing.province ? ` (${billing.province})` : ""}`
            : null,
        }
      : null,
    feedbackLink: feedbackLink(publicUrl, practice),
    advicePrice: practice.advicePriceCents === null ? null : fromCents(practice.advicePriceCents),
    services: await serviceViews(db, services),
    crimeUrl: practice.crimeUrl,
    tags: practice.tags,
    formsOfHate: practice.formsOfHate,
    shitstorm: practice.shitstorm,
    psychologicalSupport: practice.psychologicalSupport,
    serviceTakedownActive: practice.serviceTakedownActive,
    serviceLegalizationActive: practice.serviceLegalizationActive,
    serviceInjuctionActive: practice.serviceInjuctionActive,
    serviceAdviceActive: practice.serviceAdviceActive,
    humanReviewReason: humanReviewReason(practice),
    minorSexualContent: involvesMinorSexualContent(practice.answers),
  };
}

/** The practice as it is now, after a change (read through the change's transaction). */
export async function reloadedDetail(db: Db, publicUrl: string, id: string): Promise<PracticeDetail> {
  const practice = await findPractice(db, id);
  if (!practice) throw new AppError("NOT_FOUND");
  return practiceDetail(db, publicUrl, practice);
}

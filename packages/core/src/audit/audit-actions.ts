import type { ConsultationStatus } from "../consultation/consultation-terms.ts";
import type { Role } from "../identity/roles.ts";
import type { RefundReason } from "../orders/refunds.ts";
import type { ServiceStatus } from "../services/service-messages.ts";
import type { TakedownNoticeStatus } from "../takedown/notice.ts";

// The audit log (docs/architecture.md): who did what to which resource. Each action is a string stored on its
// line and read back (by the tests, by whoever reads the log), so its spelling never changes: a new action is
// a new member here. The api's `audit` writes only these, each with the details its line carries (never
// personal data) and its resource type from AUDIT_RESOURCE_TYPES.

/** What a change of the catalogue records: the names of the fields the body set, never their values. */
type FieldsChanged = { fields: string[] };
/** Who gave back how much of which order (the reason is in the action; the note stays on the refund row). */
type Refund = { refundId: string; amountCents: number; productCodes: string[] };

/**
 * The staff's reads (docs/architecture.md, the audit log): a list, or one practice or service read for an
 * action (`practice.<action>`, `service.<action>`; a change writing a fuller line of its own skips it). The
 * ids seen are the line's resource id; no details. A client reading their own data leaves none.
 */
export type StaffReadAction =
  | "practice.list"
  | "practice.read"
  | "practice.comment"
  | "practice.change-status"
  | "practice.manage-services"
  | "practice.contact-client"
  | "practice.assign"
  | "practice.delete"
  | "practice.set-anonymity"
  | "service.read"
  | "service.upload-evidence"
  | "service.upload-document"
  | "service.change-status"
  | "service.accept-mandate"
  | "service.legalize"
  | "service.queue"
  | "user.list"
  | "gift-card.list"
  | "newsletter.list"
  | "partnership.list"
  | "idea.list"
  | "support.list"
  | "support.read"
  | "consultation.list"
  | "diary.read";

/** The changes, each with the details of its line; `undefined`: none. */
interface ChangeDetails {
  "practice.delete": undefined;
  /** The client chose whether lawyers see who she is (ADR 038). */
  "practice.anonymity": { anonymous: boolean };
  "practice.assignment.take": undefined;
  "practice.assignment.release": { previousLawyerId: string };
  "service.file-sent": undefined;
  "service.file-deleted": undefined;
  "service.document-sent": undefined;
  "service.document-deleted": undefined;
  "service.status": { from: ServiceStatus; to: ServiceStatus };
  /** The lawyer ids: who held the service, who holds it now (null: nobody). */
  "service.assign": { from: string | null; to: string | null };
  "service.mandate-accepted": { version: string };
  "takedown.urls": { count: number };
  /** A moment staff gave (`sentAt`, ISO) is kept with the line: it may correct an earlier one. */
  "takedown.record": { noticeId: string; from: string; to: TakedownNoticeStatus; sentAt?: string };
  "order.refund.withdrawal": Refund;
  "order.refund.review_blocked": Refund;
  "order.refund.staff": Refund;
  "user.role.grant": { role: Role };
  "user.role.revoke": { role: Role };
  /** The account's owner ended one of their signed-in devices (or all of them: how many). */
  "user.device.end": undefined;
  "user.device.end-all": { count: number };
  /** The account's second factor (ADR 036): turned on, off, its recovery codes made anew. */
  "user.second-factor.on": undefined;
  "user.second-factor.off": undefined;
  "user.second-factor.recovery-codes": undefined;
  "dead-letter.retry": undefined;
  "product.update": FieldsChanged;
  "campaign.create": FieldsChanged;
  "campaign.update": FieldsChanged;
  "voucher.create": FieldsChanged;
  "voucher.update": FieldsChanged;
  "gift-card.create": FieldsChanged;
  "gift-card.update": FieldsChanged;
  /** Staff's record of what happened, or its correction (ADR 031). */
  "consultation.outcome": { from: ConsultationStatus; to: ConsultationStatus };
  /** Staff sent the video call's address (kept out of the line: it is the person's meeting). */
  "consultation.video-link": { replaced: boolean };
  /** The team's hours replaced: how many ranges and exceptions they now have. */
  "consultation.availability": { weeklyRanges: number; exceptions: number };
  /** The client shared her diary with the practice's lawyers, or took it back (issue 40). */
  "diary.share": { shared: boolean };
}

/** Every action and the details of its line (a practice's deletion is both a read and a change). */
export interface AuditDetails extends Record<StaffReadAction, undefined>, ChangeDetails {}

export type AuditAction = keyof AuditDetails;

/** The type of resource each action's line names (its resource id: the row's id, or the ids read). */
export const AUDIT_RESOURCE_TYPES: { readonly [A in AuditAction]: string } = {
  "practice.list": "practice",
  "practice.read": "practice",
  "practice.comment": "practice",
  "practice.change-status": "practice",
  "practice.manage-services": "practice",
  "practice.contact-client": "practice",
  "practice.assign": "practice",
  "practice.set-anonymity": "practice",
  "service.read": "service",
  "service.upload-evidence": "service",
  "service.upload-document": "service",
  "service.change-status": "service",
  "service.accept-mandate": "service",
  "service.legalize": "service",
  "service.queue": "service",
  "user.list": "user",
  "gift-card.list": "user",
  "newsletter.list": "newsletter_subscription",
  "partnership.list": "partnership_request",
  "idea.list": "idea_submission",
  "support.list": "support_thread",
  "support.read": "support_thread",
  "consultation.list": "consultation",
  "diary.read": "practice",
  "practice.delete": "practice",
  "practice.anonymity": "practice",
  "diary.share": "practice",
  "practice.assignment.take": "practice",
  "practice.assignment.release": "practice",
  "service.file-sent": "service",
  "service.file-deleted": "service",
  "service.document-sent": "service",
  "service.document-deleted": "service",
  "service.status": "service",
  "service.assign": "service",
  "service.mandate-accepted": "service",
  "takedown.urls": "service",
  "takedown.record": "service",
  "order.refund.withdrawal": "order",
  "order.refund.review_blocked": "order",
  "order.refund.staff": "order",
  "user.role.grant": "user",
  "user.role.revoke": "user",
  "user.device.end": "user",
  "user.device.end-all": "user",
  "user.second-factor.on": "user",
  "user.second-factor.off": "user",
  "user.second-factor.recovery-codes": "user",
  "dead-letter.retry": "job",
  "product.update": "product",
  "campaign.create": "campaign",
  "campaign.update": "campaign",
  "voucher.create": "voucher",
  "voucher.update": "voucher",
  "gift-card.create": "gift-card",
  "gift-card.update": "gift-card",
  "consultation.outcome": "consultation",
  "consultation.video-link": "consultation",
  "consultation.availability": "consultation_availability",
};

/** A refund's line is named after its reason. */
export const REFUND_AUDIT_ACTIONS = {
  WITHDRAWAL: "order.refund.withdrawal",
  REVIEW_BLOCKED: "order.refund.review_blocked",
  STAFF: "order.refund.staff",
} as const satisfies { readonly [R in RefundReason]: AuditAction };

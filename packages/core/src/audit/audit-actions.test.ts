import { describe, expect, it } from "vitest";
import { REFUND_REASON } from "../orders/refunds.ts";
import { AUDIT_RESOURCE_TYPES, REFUND_AUDIT_ACTIONS } from "./audit-actions.ts";

// The actions are stored on each line and read back: renaming one loses its history, so they are pinned here.
describe("the audit actions", () => {
  it("are the stored strings, each with its resource type", () => {
    expect(AUDIT_RESOURCE_TYPES).toEqual({
      "practice.list": "practice",
      "practice.read": "practice",
      "practice.comment": "practice",
      "practice.change-status": "practice",
      "practice.manage-services": "practice",
      "practice.contact-client": "practice",
      "practice.assign": "practice",
      "practice.delete": "practice",
      "practice.set-anonymity": "practice",
      "practice.anonymity": "practice",
      "diary.share": "practice",
      "practice.assignment.take": "practice",
      "practice.assignment.release": "practice",
      "service.read": "service",
      "service.upload-evidence": "service",
      "service.upload-document": "service",
      "service.change-status": "service",
      "service.accept-mandate": "service",
      "service.legalize": "service",
      "service.queue": "service",
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
      "user.list": "user",
      "user.role.grant": "user",
      "user.role.revoke": "user",
      "user.device.end": "user",
      "user.device.end-all": "user",
      "user.second-factor.on": "user",
      "user.second-factor.off": "user",
      "user.second-factor.recovery-codes": "user",
      "gift-card.list": "user",
      "newsletter.list": "newsletter_subscription",
      "partnership.list": "partnership_request",
      "idea.list": "idea_submission",
      "support.list": "support_thread",
      "support.read": "support_thread",
      "consultation.list": "consultation",
      "diary.read": "practice",
      "consultation.outcome": "consultation",
      "consultation.video-link": "consultation",
      "consultation.availability": "consultation_availability",
      "dead-letter.retry": "job",
      "product.update": "product",
      "campaign.create": "campaign",
      "campaign.update": "campaign",
      "voucher.create": "voucher",
      "voucher.update": "voucher",
      "gift-card.create": "gift-card",
      "gift-card.update": "gift-card",
    });
  });

  it("name a refund after its reason, in lower case", () => {
    for (const reason of REFUND_REASON.values) {
      expect(REFUND_AUDIT_ACTIONS[reason]).toBe(`order.refund.${reason.toLowerCase()}`);
    }
  });
});

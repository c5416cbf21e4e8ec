import type { z } from "zod";
import { defineCall } from "../shared/api-contract.ts";
import {
  AdminIdeaListSchema,
  AdminNewsletterSubscriptionListSchema,
  AdminPartnershipRequestListSchema,
  IdeaSubmissionSchema,
  NewsletterConfirmSchema,
  NewsletterSignupSchema,
  OutreachAnswerSchema,
  OutreachListQuerySchema,
  PartnershipRequestSchema,
} from "./outreach-api.ts";

// The public site's outreach calls and the admin's lists of what they brought in, each declared once for
// the API routes and the web (shared/api-contract.ts).

const adminList = <const Path extends string, Response extends z.ZodType>(path: Path, response: Response) =>
  defineCall({ method: "GET", path, query: OutreachListQuerySchema, response });

export const OUTREACH_CALLS = {
  /** The same answer whether the address is new, waiting for confirmation or confirmed. */
  newsletter: defineCall({
    method: "POST",
    path: "/newsletter",
    body: NewsletterSignupSchema,
    response: OutreachAnswerSchema,
    status: 202,
  }),
  confirmNewsletter: defineCall({
    method: "POST",
    path: "/newsletter/confirm",
    body: NewsletterConfirmSchema,
    response: OutreachAnswerSchema,
  }),
  partnership: defineCall({
    method: "POST",
    path: "/partnerships",
    body: PartnershipRequestSchema,
    response: OutreachAnswerSchema,
    status: 201,
  }),
  idea: defineCall({
    method: "POST",
    path: "/ideas",
    body: IdeaSubmissionSchema,
    response: OutreachAnswerSchema,
    status: 201,
  }),
  newsletterSubscriptions: adminList(
    "/admin/newsletter-subscriptions",
    AdminNewsletterSubscriptionListSchema,
  ),
  partnershipRequests: adminList("/admin/partnership-requests", AdminPartnershipRequestListSchema),
  ideas: adminList("/admin/ideas", AdminIdeaListSchema),
};

import type {
  IdeaSubmission,
  NewsletterSignup,
  PartnershipRequest,
} from "@argine/core/outreach/outreach-api";
import { OUTREACH_ROUTES as CALLS } from "@argine/core/outreach/outreach-routes";
import { call } from "../../shared/http/call.ts";

// The public site's outreach calls: newsletter sign-up and confirmation, "Lavora con noi", "Una buona idea".
// No bearer token; every answer carries an Italian `message` to show as is. The admin lists are in
// features/admin/admin-queries.ts with the other /v1/admin calls.

const PUBLIC = { auth: false } as const;

/** POST /v1/newsletter: the same answer whether the address is new, waiting for confirmation or confirmed. */
export const subscribeNewsletter = (body: NewsletterSignup) => call(CALLS.newsletter, { body, ...PUBLIC });

/** POST /v1/newsletter/confirm: the token of the mailed link. */
export const confirmNewsletter = (token: string) =>
  call(CALLS.confirmNewsletter, { body: { token }, ...PUBLIC });

/** POST /v1/partnerships ("Lavora con noi"). */
export const sendPartnershipRequest = (body: PartnershipRequest) =>
  call(CALLS.partnership, { body, ...PUBLIC });

/** POST /v1/ideas ("Una buona idea"). */
export const sendIdea = (body: IdeaSubmission) => call(CALLS.idea, { body, ...PUBLIC });

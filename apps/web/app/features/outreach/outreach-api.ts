import type {
  IdeaSubmission,
  NewsletterSignup,
  OutreachAnswer,
  PartnershipRequest,
} from "@argine/core/outreach/outreach-api";
import { apiClient } from "../../shared/http/api-client.ts";

// The public site's outreach calls: newsletter sign-up and confirmation, "Lavora con noi", "Una buona idea".
// No bearer token; every answer carries an Italian `message` to show as is. The admin lists are in
// features/admin/admin-api.ts with the other /v1/admin calls.

const PUBLIC = { auth: false } as const;

/** POST /v1/newsletter: the same answer whether the address is new, waiting for confirmation or confirmed. */
export const subscribeNewsletter = (body: NewsletterSignup) =>
  apiClient.post<OutreachAnswer>("/v1/newsletter", body, PUBLIC);

/** POST /v1/newsletter/confirm: the token of the mailed link. */
export const confirmNewsletter = (token: string) =>
  apiClient.post<OutreachAnswer>("/v1/newsletter/confirm", { token }, PUBLIC);

/** POST /v1/partnerships ("Lavora con noi"). */
export const sendPartnershipRequest = (body: PartnershipRequest) =>
  apiClient.post<OutreachAnswer>("/v1/partnerships", body, PUBLIC);

/** POST /v1/ideas ("Una buona idea"). */
export const sendIdea = (body: IdeaSubmission) => apiClient.post<OutreachAnswer>("/v1/ideas", body, PUBLIC);

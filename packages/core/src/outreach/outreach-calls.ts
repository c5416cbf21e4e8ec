import { joinCalls } from "../shared/api-contract.ts";
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
import { OUTREACH_ROUTES } from "./outreach-routes.ts";

// The public site's outreach calls and the admin's lists of what they brought in, each declared once for
// the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  newsletter: { body: NewsletterSignupSchema, response: OutreachAnswerSchema },
  confirmNewsletter: { body: NewsletterConfirmSchema, response: OutreachAnswerSchema },
  partnership: { body: PartnershipRequestSchema, response: OutreachAnswerSchema },
  idea: { body: IdeaSubmissionSchema, response: OutreachAnswerSchema },
  newsletterSubscriptions: {
    query: OutreachListQuerySchema,
    response: AdminNewsletterSubscriptionListSchema,
  },
  partnershipRequests: { query: OutreachListQuerySchema, response: AdminPartnershipRequestListSchema },
  ideas: { query: OutreachListQuerySchema, response: AdminIdeaListSchema },
};

export type OutreachCallSchemas = typeof SCHEMAS;

/** The calls as the API declares its routes: each route of outreach-routes.ts with its schemas. */
export const OUTREACH_CALLS = joinCalls(OUTREACH_ROUTES, SCHEMAS);

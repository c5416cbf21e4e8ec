import { AppError } from "@argine/core/errors/app-error";
import {
  AdminIdeaListSchema,
  AdminNewsletterSubscriptionListSchema,
  AdminPartnershipRequestListSchema,
  IdeaSubmissionSchema,
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NewsletterConfirmSchema,
  NewsletterSignupSchema,
  type NewsletterStatus,
  OutreachAnswerSchema,
  OutreachListQuerySchema,
  type PartnershipKind,
  PartnershipRequestSchema,
} from "@argine/core/outreach/outreach-api";
import { outreachPolicy } from "@argine/core/outreach/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { recordAudit } from "@argine/db/queries/audit";
import {
  confirmNewsletterSubscription,
  createIdeaSubmission,
  createPartnershipRequest,
  listIdeaSubmissions,
  listNewsletterSubscriptions,
  listPartnershipRequests,
  requestNewsletterSubscription,
} from "@argine/db/queries/outreach";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { only, requireActor } from "../../../identity/authenticate.ts";
import { hashToken, newLinkToken } from "../../../identity/link-tokens.ts";
import { newsletterConfirmationMail } from "../../../mail/templates.ts";

// The outreach domain: the public site's newsletter (double opt-in), "Lavora con noi" and "Una buona idea".
// The three forms are public and rate-limited per address; what they bring in is read by admins only.
// Nothing here logs an address or a message: the request log carries method, path and id, nothing more.

const TTL_MS = NEWSLETTER_CONFIRM_TTL_HOURS * 3600 * 1000;
/** Where the mailed link lands: the web app's confirmation page (client-only, like /account/verify). */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
// A person sends one of these now and then; a few per minute per IP stops scripts and mail bombing.
const publicLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const confirmLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const outreachRoutes: FastifyPluginAsyncZod = async (app) => {
  const link = (token: string) =>
    `${app.config.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;

  // ─── Public ────────────────────────────────────────────────────────────────────────────────────────────

  app.post(
    "/newsletter",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary:
          "Iscrizione alla newsletter con doppia conferma (stessa risposta che l'indirizzo sia nuovo, in attesa o già iscritto)",
        security: [],
        body: NewsletterSignupSchema,
        response: { 202: OutreachAnswerSchema },
      },
    },
    async (request, reply) => {
      const token = newLinkToken();
      const outcome = await requestNewsletterSubscription(app.db, {
        email: request.body.email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + TTL_MS),
      });
      // A new or still unconfirmed address gets the link (a fresh one: the previous stops working); a
      // confirmed one gets nothing. The caller cannot tell which happened.
      if (outcome !== "confirmed") {
        await app.deps.jobs.send(
          app.db,
          "mail",
          newsletterConfirmationMail(
            request.body.email.toLowerCase(),
            link(token),
            NEWSLETTER_CONFIRM_TTL_HOURS,
          ),
        );
      }
      return reply.status(202).send({ message: MESSAGES.newsletterRequested });
    },
  );

  app.post(
    "/newsletter/confirm",
    {
      config: confirmLimit,
      schema: {
        tags: ["outreach"],
        summary: `Conferma dell'iscrizione con il link ricevuto (valido una volta, per ${NEWSLETTER_CONFIRM_TTL_HOURS} ore)`,
        security: [],
        body: NewsletterConfirmSchema,
        response: { 200: OutreachAnswerSchema },
      },
    },
    async (request) => {
      const confirmed = await confirmNewsletterSubscription(app.db, hashToken(request.body.token));
      if (!confirmed) throw new AppError("INVALID_TOKEN", MESSAGES.newsletterInvalidLink);
      return { message: MESSAGES.newsletterConfirmed };
    },
  );

  app.post(
    "/partnerships",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary: "Lavora con noi: una proposta di collaborazione",
        security: [],
        body: PartnershipRequestSchema,
        response: { 201: OutreachAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await createPartnershipRequest(app.db, {
        name: body.name,
        email: body.email,
        organization: body.organization || null,
        kind: body.kind,
        message: body.message,
      });
      return reply.status(201).send({ message: MESSAGES.partnershipReceived });
    },
  );

  app.post(
    "/ideas",
    {
      config: publicLimit,
      schema: {
        tags: ["outreach"],
        summary: "Una buona idea: una proposta dal sito",
        security: [],
        body: IdeaSubmissionSchema,
        response: { 201: OutreachAnswerSchema },
      },
    },
    async (request, reply) => {
      const { name, email, title, description } = request.body;
      await createIdeaSubmission(app.db, { name, email, title, description });
      return reply.status(201).send({ message: MESSAGES.ideaReceived });
    },
  );

  // ─── Admin ─────────────────────────────────────────────────────────────────────────────────────────────

  const reader = only((actor) => outreachPolicy(actor, "read-all"));
  const page = (request: { query: { page: number; pageSize: number } }) => ({
    limit: request.query.pageSize,
    offset: (request.query.page - 1) * request.query.pageSize,
  });
  /** Reading people's names, addresses and messages is a staff read of personal data: it leaves a trace. */
  const audit = async (request: FastifyRequest, action: string, resourceType: string, ids: string[]) => {
    if (ids.length === 0) return;
    await recordAudit(app.db, {
      actorId: requireActor(request).userId,
      action,
      resourceType,
      resourceId: ids.join(","),
    });
  };

  app.get(
    "/admin/newsletter-subscriptions",
    {
      onRequest: reader,
      schema: {
        tags: ["admin", "outreach"],
        summary: "Gli iscritti alla newsletter, confermati e in attesa, i più recenti per primi (solo admin)",
        querystring: OutreachListQuerySchema,
        response: { 200: AdminNewsletterSubscriptionListSchema },
      },
    },
    async (request) => {
      const { total, data } = await listNewsletterSubscriptions(app.db, page(request));
      await audit(
        request,
        "newsletter.list",
        "newsletter_subscription",
        data.map((s) => s.id),
      );
      return {
        total,
        data: data.map((s) => ({
          id: s.id,
          email: s.email,
          status: s.status as NewsletterStatus,
          createdAt: s.createdAt.toISOString(),
          confirmedAt: iso(s.confirmedAt),
        })),
      };
    },
  );

  app.get(
    "/admin/partnership-requests",
    {
      onRequest: reader,
      schema: {
        tags: ["admin", "outreach"],
        summary: "Le richieste di collaborazione (Lavora con noi), le più recenti per prime (solo admin)",
        querystring: OutreachListQuerySchema,
        response: { 200: AdminPartnershipRequestListSchema },
      },
    },
    async (request) => {
      const { total, data } = await listPartnershipRequests(app.db, page(request));
      await audit(
        request,
        "partnership.list",
        "partnership_request",
        data.map((r) => r.id),
      );
      return {
        total,
        data: data.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          organization: r.organization,
          kind: r.kind as PartnershipKind,
          message: r.message,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    "/admin/ideas",
    {
      onRequest: reader,
      schema: {
        tags: ["admin", "outreach"],
        summary: "Le idee inviate dal sito (Una buona idea), le più recenti per prime (solo admin)",
        querystring: OutreachListQuerySchema,
        response: { 200: AdminIdeaListSchema },
      },
    },
    async (request) => {
      const { total, data } = await listIdeaSubmissions(app.db, page(request));
      await audit(
        request,
        "idea.list",
        "idea_submission",
        data.map((i) => i.id),
      );
      return {
        total,
        data: data.map((i) => ({
          id: i.id,
          name: i.name,
          email: i.email,
          title: i.title,
          description: i.description,
          createdAt: i.createdAt.toISOString(),
        })),
      };
    },
  );
};

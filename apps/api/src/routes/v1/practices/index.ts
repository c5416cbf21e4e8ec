import { AppError } from "@argine/core/errors/app-error";
import { formatShortItalianDay, romeCalendarDay } from "@argine/core/feedback/calendar";
import type { Actor } from "@argine/core/identity/policy";
import {
  FORBIDDEN_FOR_MINOR_MESSAGE,
  forbiddenServiceFlags,
} from "@argine/core/practices/available-services";
import { casePath } from "@argine/core/practices/case-path";
import { isUrgent } from "@argine/core/practices/human-review";
import { humanReviewReason, involvesMinorSexualContent } from "@argine/core/practices/human-review-reason";
import { canDelete, canTransition } from "@argine/core/practices/lifecycle";
import {
  canEditComment,
  canReleaseAssignment,
  isStaff,
  type PracticesAction,
  practicesPolicy,
} from "@argine/core/practices/policy";
import { PracticeStatusSchema, PracticeStatusUpdateBodySchema } from "@argine/core/practices/practice-status";
import {
  type Comment,
  CommentBodySchema,
  CommentListSchema,
  CommentSchema,
  CustomServiceBodySchema,
  CustomServiceSchema,
  EvaluationBodySchema,
  LinkSchema,
  type PracticeDetail,
  PracticeDetailSchema,
  PracticeEmailBodySchema,
  PracticeEmailListSchema,
  PracticeEmailSchema,
  PracticeListQuerySchema,
  PracticeListSchema,
  PracticeQueueSchema,
  type PracticeSummary,
  ServicesActiveSchema,
} from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import { recordAudit } from "@argine/db/queries/audit";
import {
  addComment,
  type CommentRow,
  findComment,
  listComments,
  updateComment,
} from "@argine/db/queries/comments";
import {
  addPracticeEmail,
  deletePendingPractice,
  deletePracticeEmail,
  findPractice,
  listPracticeEmails,
  listPracticeServices,
  listPractices,
  type PracticeEmailRow,
  type PracticeListRow,
  type PracticeRow,
  practiceQueue,
  releasePractice,
  setServicesActive,
  takePractice,
  updateAssessment,
  updatePracticeStatus,
} from "@argine/db/queries/practices";
import { findBilling, findUserById } from "@argine/db/queries/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { practiceMessageMail } from "../../../mail/templates.ts";

const PracticeParams = z.object({ id: z.uuid() });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type SummaryRow =
  | PracticeListRow
  | (PracticeRow & {
      clientName?: null;
      clientLastname?: null;
      lawyerName?: string | null;
      lawyerLastname?: string | null;
    });

function summary(row: SummaryRow): PracticeSummary {
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
    // An anonymous practice shows no client identity (issue 5).
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
  };
}

/** Staff reading a list of victims' cases leaves a trace (DESIGN.md §6), one line with the ids seen. */
const listAudit = (actorId: string, rows: readonly { id: string }[]) => ({
  actorId,
  action: "practice.list",
  resourceType: "practice",
  resourceId: rows.map((p) => p.id).join(","),
});

const fullName = (name: string | null, lastname: string | null) =>
  name ? `${name} ${lastname ?? ""}`.trim() : null;

export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The practice, if this actor may act on it; 404 for one that does not exist or is someone else's. */
  const authorized = async (actor: Actor, id: string, action: Exclude<PracticesAction, "claim">) => {
    const practice = await findPractice(app.db, id);
    if (!practice || !practicesPolicy(actor, "read", practice)) throw new AppError("NOT_FOUND");
    if (!practicesPolicy(actor, action, practice)) throw new AppError("FORBIDDEN");
    // Staff reading a victim's case leaves a trace (DESIGN.md §6).
    if (isStaff(actor)) {
      await recordAudit(app.db, {
        actorId: actor.userId,
        action: `practice.${action}`,
        resourceType: "practice",
        resourceId: id,
      });
    }
    return practice;
  };
  const feedbackLink = (practice: PracticeRow) =>
    practice.feedback ? `${app.config.publicUrl}/v1/practices/${practice.id}/feedback.pdf` : null;

  /** The practice as shown to users (spec §3); an anonymous practice shows no client identity. */
  const detail = async (practice: PracticeRow): Promise<PracticeDetail> => {
    const owner =
      practice.ownerId && !practice.anonymous ? await findUserById(app.db, practice.ownerId) : undefined;
    const billing = owner ? await findBilling(app.db, owner.id) : undefined;
    const services = await listPracticeServices(app.db, practice.id);
    const lawyer = practice.assignedLawyerId
      ? await findUserById(app.db, practice.assignedLawyerId)
      : undefined;
    return {
      ...summary({ ...practice, lawyerName: lawyer?.name ?? null, lawyerLastname: lawyer?.lastname ?? null }),
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
      feedbackLink: feedbackLink(practice),
      advicePrice: practice.advicePriceCents === null ? null : fromCents(practice.advicePriceCents),
      services: services.map((sv) => ({ serviceId: sv.id, serviceType: sv.serviceType, status: sv.status })),
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
  };
  const reloaded = async (id: string) => {
    const updated = await findPractice(app.db, id);
    if (!updated) throw new AppError("NOT_FOUND");
    return detail(updated);
  };

  app.get(
    "/practices",
    {
      schema: {
        tags: ["practices"],
        summary: "Le pratiche: le proprie per un cliente, tutte per lo staff, con filtri e pagine",
        querystring: PracticeListQuerySchema,
        response: { 200: PracticeListSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const q = request.query;
      const { total, totalCapped, data } = await listPractices(app.db, {
        ...(isStaff(actor) ? {} : { ownerId: actor.userId }),
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
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      if (isStaff(actor) && data.length) await recordAudit(app.db, listAudit(actor.userId, data));
      return { total, totalCapped, data: data.map(summary) };
    },
  );

  app.get(
    "/practices/queue",
    {
      schema: {
        tags: ["practices"],
        summary:
          "La coda di lavoro dell'avvocato: urgenti, nuove, in attesa di risposta, le più vecchie prima (solo staff)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
        response: { 200: PracticeQueueSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (!isStaff(actor)) throw new AppError("FORBIDDEN");
      const queue = await practiceQueue(app.db, request.query.limit);
      const seen = [...queue.urgent.data, ...queue.new.data, ...queue.waiting.data];
      if (seen.length) await recordAudit(app.db, listAudit(actor.userId, seen));
      const section = (s: typeof queue.urgent) => ({ ...s, data: s.data.map(summary) });
      return { urgent: section(queue.urgent), new: section(queue.new), waiting: section(queue.waiting) };
    },
  );

  app.get(
    "/practices/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Il dettaglio di una pratica (titolare o staff)",
        params: PracticeParams,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      return detail(practice);
    },
  );

  app.patch(
    "/practices/:id/status",
    {
      schema: {
        tags: ["practices"],
        summary: "Cambio di stato: il titolare chiude la pratica; lo staff può anche riaprirla",
        params: PracticeParams,
        body: PracticeStatusUpdateBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "change-status");
      const from = PracticeStatusSchema.parse(practice.status);
      const to = request.body.status;
      if (!canTransition(from, to, isStaff(actor) ? "staff" : "client")) {
        throw new AppError(
          "CONFLICT",
          "Questo cambio di stato non è possibile: per riaprire una pratica contatta il team.",
        );
      }
      if (!(await updatePracticeStatus(app.db, practice.id, from, to))) throw new AppError("CONFLICT");
      return reloaded(practice.id);
    },
  );

  app.patch(
    "/practices/:id/services-active",
    {
      schema: {
        tags: ["practices"],
        summary: "I servizi che la pratica può acquistare (solo staff)",
        params: PracticeParams,
        body: ServicesActiveSchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "manage-services");
      const minorSexualContent = involvesMinorSexualContent(practice.answers);
      const refused = forbiddenServiceFlags(request.body, { minorSexualContent });
      if (refused.length) throw new AppError("CONFLICT", FORBIDDEN_FOR_MINOR_MESSAGE, { flags: refused });
      await setServicesActive(app.db, practice.id, request.body);
      return reloaded(practice.id);
    },
  );

  const lawyerName = async (id: string | null) => {
    const lawyer = id ? await findUserById(app.db, id) : undefined;
    return lawyer ? `Avv. ${lawyer.name} ${lawyer.lastname}` : "un altro avvocato";
  };
  const italianDay = (d: Date | null) => (d ? formatShortItalianDay(romeCalendarDay(d)) : "");

  app.post(
    "/practices/:id/assignment",
    {
      schema: {
        tags: ["practices"],
        summary:
          "Prendi in carico: la pratica passa all'avvocato che chiama, se nessuno l'ha già presa (solo staff)",
        params: PracticeParams,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "assign");
      if (!(await takePractice(app.db, practice.id, actor.userId))) {
        // Someone has it: this lawyer already (nothing to do), or a colleague, maybe an instant ago.
        const now = await findPractice(app.db, practice.id);
        if (now?.assignedLawyerId !== actor.userId) {
          throw new AppError(
            "CONFLICT",
            `La pratica è già presa in carico da ${await lawyerName(now?.assignedLawyerId ?? null)} dal ${italianDay(now?.assignedAt ?? null)}.`,
            { assignedLawyerId: now?.assignedLawyerId ?? null },
          );
        }
        return reloaded(practice.id);
      }
      await recordAudit(app.db, {
        actorId: actor.userId,
        action: "practice.assignment.take",
        resourceType: "practice",
        resourceId: practice.id,
      });
      return reloaded(practice.id);
    },
  );

  app.delete(
    "/practices/:id/assignment",
    {
      schema: {
        tags: ["practices"],
        summary: "Lascia la pratica presa in carico: chi la tiene, o un amministratore (solo staff)",
        params: PracticeParams,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "assign");
      const holder = practice.assignedLawyerId;
      if (holder === null) return reloaded(practice.id);
      if (!canReleaseAssignment(actor, practice)) {
        throw new AppError(
          "FORBIDDEN",
          `La pratica è in carico a ${await lawyerName(holder)}: può lasciarla solo chi la tiene, o un amministratore.`,
        );
      }
      if (!(await releasePractice(app.db, practice.id, holder))) {
        throw new AppError("CONFLICT", "La pratica è cambiata nel frattempo: ricarica la pagina e riprova.");
      }
      await recordAudit(app.db, {
        actorId: actor.userId,
        action: "practice.assignment.release",
        resourceType: "practice",
        resourceId: practice.id,
        meta: { previousLawyerId: holder },
      });
      return reloaded(practice.id);
    },
  );

  app.patch(
    "/practices/:id/evaluation",
    {
      schema: {
        tags: ["practices"],
        summary: "La valutazione della pratica, decisa dall'avvocato (solo staff)",
        params: PracticeParams,
        body: EvaluationBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "manage-services");
      await updateAssessment(app.db, practice.id, { evaluation: request.body.evaluation });
      return reloaded(practice.id);
    },
  );

  app.get(
    "/practices/:id/customService",
    {
      schema: {
        tags: ["practices"],
        summary: "Il prezzo della consulenza per questa pratica; null se la consulenza non è acquistabile",
        params: PracticeParams,
        response: { 200: CustomServiceSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      // Spec §5: ADVICE is sold only at the price a lawyer set for this practice.
      const price =
        practice.serviceAdviceActive && practice.advicePriceCents !== null
          ? fromCents(practice.advicePriceCents)
          : null;
      return { code: "ADVICE" as const, price, discountedPrice: price };
    },
  );

  app.put(
    "/practices/:id/customService",
    {
      schema: {
        tags: ["practices"],
        summary: "Imposta (o ritira, con null) il prezzo della consulenza per questa pratica (solo staff)",
        params: PracticeParams,
        body: CustomServiceBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "manage-services");
      const { price } = request.body;
      await updateAssessment(app.db, practice.id, {
        advicePriceCents: price === null ? null : toCents(price),
      });
      return reloaded(practice.id);
    },
  );

  app.delete(
    "/practices/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Il titolare elimina una propria pratica ancora in attesa (nulla acquistato)",
        params: PracticeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "delete");
      const deleted =
        canDelete(PracticeStatusSchema.parse(practice.status)) &&
        (await deletePendingPractice(app.db, practice.id, actor.userId));
      if (!deleted) {
        throw new AppError(
          "CONFLICT",
          "Puoi eliminare solo una pratica in attesa: per questa pratica puoi chiederne la chiusura.",
        );
      }
      await recordAudit(app.db, {
        actorId: actor.userId,
        action: "practice.delete",
        resourceType: "practice",
        resourceId: practice.id,
      });
      return reply.status(204).send(null);
    },
  );

  const toEmail = (r: {
    email: PracticeEmailRow;
    senderName: string | null;
    senderLastname: string | null;
  }) => ({
    id: r.email.id,
    subject: r.email.subject,
    body: r.email.body,
    sender: fullName(r.senderName, r.senderLastname),
    sentAt: r.email.sentAt.toISOString(),
  });

  app.get(
    "/practices/:id/emails",
    {
      schema: {
        tags: ["practices"],
        summary: "Le email che lo staff ha scritto al cliente della pratica (titolare o staff)",
        params: PracticeParams,
        response: { 200: PracticeEmailListSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      return (await listPracticeEmails(app.db, practice.id)).map(toEmail);
    },
  );

  app.post(
    "/practices/:id/emails",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["practices"],
        summary: "Scrive un'email al cliente della pratica e la registra sulla pratica (solo staff)",
        params: PracticeParams,
        body: PracticeEmailBodySchema,
        response: { 201: PracticeEmailSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "contact-client");
      const client = practice.ownerId ? await findUserById(app.db, practice.ownerId) : undefined;
      if (!client) {
        throw new AppError(
          "CONFLICT",
          "La pratica non ha ancora un cliente registrato: non c'è un indirizzo a cui scrivere.",
        );
      }
      const link = `${app.config.publicUrl}${casePath(practice.ticketCode)}`;
      // Stored first, sent second: a mail is never out without its record. A failed send takes the record
      // back, so the list shows only what the client received, and the lawyer is told to retry.
      const row = await addPracticeEmail(app.db, {
        practiceId: practice.id,
        senderId: actor.userId,
        ...request.body,
      });
      try {
        await app.deps.jobs.send(
          app.db,
          "mail",
          practiceMessageMail(client.email, client.name, practice.ticketCode, request.body, link),
        );
      } catch (error) {
        await deletePracticeEmail(app.db, row.id);
        // The transport's own message may quote the address: only its code goes to the log.
        request.log.error({ code: (error as { code?: unknown } | null)?.code }, "practice email not sent");
        throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.practiceEmailNotSent);
      }
      const sender = await findUserById(app.db, actor.userId);
      return reply
        .status(201)
        .send(
          toEmail({ email: row, senderName: sender?.name ?? null, senderLastname: sender?.lastname ?? null }),
        );
    },
  );

  app.get(
    "/practices/:id/questions",
    {
      schema: {
        tags: ["practices"],
        summary: "Le risposte del questionario della pratica (titolare o staff)",
        params: PracticeParams,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      return practice.answers as Record<string, unknown>;
    },
  );

  app.get(
    "/practices/:id/feedback-link",
    {
      schema: {
        tags: ["practices"],
        summary: "Il link al feedback in PDF, da aprire in una nuova scheda (titolare o staff)",
        params: PracticeParams,
        response: { 200: LinkSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      const link = feedbackLink(practice);
      if (!link) throw new AppError("NOT_FOUND", MESSAGES.noDocument);
      return { link };
    },
  );

  const toComment = (c: CommentRow, author: string | null): Comment => ({
    id: c.id,
    practiceId: c.practiceId,
    comment: c.body,
    authorId: c.authorId,
    author,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  });

  app.get(
    "/practices/:id/comments",
    {
      schema: {
        tags: ["practices"],
        summary: "I commenti della pratica (titolare o staff)",
        params: PracticeParams,
        response: { 200: CommentListSchema },
      },
    },
    async (request) => {
      const practice = await authorized(requireActor(request), request.params.id, "read");
      const rows = await listComments(app.db, practice.id);
      return rows.map((r) => toComment(r.comment, fullName(r.authorName, r.authorLastname)));
    },
  );

  app.post(
    "/practices/:id/comments",
    {
      schema: {
        tags: ["practices"],
        summary: "Aggiunge un commento alla pratica (titolare o staff)",
        params: PracticeParams,
        body: CommentBodySchema,
        response: { 201: CommentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const practice = await authorized(actor, request.params.id, "comment");
      const row = await addComment(app.db, {
        practiceId: practice.id,
        authorId: actor.userId,
        body: request.body.comment,
      });
      const author = await findUserById(app.db, actor.userId);
      return reply.status(201).send(toComment(row, author ? `${author.name} ${author.lastname}` : null));
    },
  );

  app.put(
    "/comments/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Modifica un proprio commento",
        params: z.object({ id: z.uuid() }),
        body: CommentBodySchema,
        response: { 200: CommentSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const comment = await findComment(app.db, request.params.id);
      if (!comment) throw new AppError("NOT_FOUND");
      await authorized(actor, comment.practiceId, "comment");
      if (!canEditComment(actor, comment)) throw new AppError("FORBIDDEN");
      await updateComment(app.db, comment.id, request.body.comment);
      const updated = await findComment(app.db, comment.id);
      if (!updated) throw new AppError("NOT_FOUND");
      const author = await findUserById(app.db, actor.userId);
      return toComment(updated, author ? `${author.name} ${author.lastname}` : null);
    },
  );
};

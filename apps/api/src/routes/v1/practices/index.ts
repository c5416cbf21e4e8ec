import { PracticeStatusUpdateBodySchema } from "@argine/core/practices/practice-status";
import {
  CustomServiceBodySchema,
  CustomServiceSchema,
  EvaluationBodySchema,
  IdParamsSchema,
  LinkSchema,
  PracticeDetailSchema,
  PracticeListQuerySchema,
  PracticeListSchema,
  PracticeQueueSchema,
  ServicesActiveSchema,
} from "@argine/core/practices/practices-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  adviceOffer,
  changeAdvicePrice,
  changeEvaluation,
  changeServicesActive,
  changeStatus,
  deletePractice,
  getPractice,
  listPracticesFor,
  practiceAnswers,
  practiceFeedbackLink,
  workQueue,
} from "../../../practices/practices-service.ts";
import { practiceAssignmentRoutes } from "./assignment.ts";
import { practiceClaimRoutes } from "./claim.ts";
import { practiceCommentRoutes } from "./comments.ts";
import { practiceEmailRoutes } from "./emails.ts";

/**
 * The case workspace (/v1/practices…, /v1/comments…): each route validates, names its caller and hands the
 * use case to the practices services (apps/api/src/practices/). Sub-resources have their own modules.
 */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

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
    (request) => listPracticesFor(deps, requireActor(request), request.query),
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
    (request) => workQueue(deps, requireActor(request), request.query.limit),
  );

  app.get(
    "/practices/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Il dettaglio di una pratica (titolare o staff)",
        params: IdParamsSchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => getPractice(deps, requireActor(request), request.params.id),
  );

  app.delete(
    "/practices/:id",
    {
      schema: {
        tags: ["practices"],
        summary: "Il titolare elimina una propria pratica ancora in attesa (nulla acquistato)",
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePractice(deps, requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/practices/:id/status",
    {
      schema: {
        tags: ["practices"],
        summary: "Cambio di stato: il titolare chiude la pratica; lo staff può anche riaprirla",
        params: IdParamsSchema,
        body: PracticeStatusUpdateBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => changeStatus(deps, requireActor(request), request.params.id, request.body.status),
  );

  app.get(
    "/practices/:id/questions",
    {
      schema: {
        tags: ["practices"],
        summary: "Le risposte del questionario della pratica (titolare o staff)",
        params: IdParamsSchema,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    (request) => practiceAnswers(deps, requireActor(request), request.params.id),
  );

  app.patch(
    "/practices/:id/services-active",
    {
      schema: {
        tags: ["practices"],
        summary: "I servizi che la pratica può acquistare (solo staff)",
        params: IdParamsSchema,
        body: ServicesActiveSchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => changeServicesActive(deps, requireActor(request), request.params.id, request.body),
  );

  app.get(
    "/practices/:id/feedback-link",
    {
      schema: {
        tags: ["practices"],
        summary: "Il link al feedback in PDF, da aprire in una nuova scheda (titolare o staff)",
        params: IdParamsSchema,
        response: { 200: LinkSchema },
      },
    },
    (request) => practiceFeedbackLink(deps, requireActor(request), request.params.id),
  );

  app.patch(
    "/practices/:id/evaluation",
    {
      schema: {
        tags: ["practices"],
        summary: "La valutazione della pratica, decisa dall'avvocato (solo staff)",
        params: IdParamsSchema,
        body: EvaluationBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => changeEvaluation(deps, requireActor(request), request.params.id, request.body.evaluation),
  );

  app.get(
    "/practices/:id/customService",
    {
      schema: {
        tags: ["practices"],
        summary: "Il prezzo della consulenza per questa pratica; null se la consulenza non è acquistabile",
        params: IdParamsSchema,
        response: { 200: CustomServiceSchema },
      },
    },
    (request) => adviceOffer(deps, requireActor(request), request.params.id),
  );

  app.put(
    "/practices/:id/customService",
    {
      schema: {
        tags: ["practices"],
        summary: "Imposta (o ritira, con null) il prezzo della consulenza per questa pratica (solo staff)",
        params: IdParamsSchema,
        body: CustomServiceBodySchema,
        response: { 200: PracticeDetailSchema },
      },
    },
    (request) => changeAdvicePrice(deps, requireActor(request), request.params.id, request.body.price),
  );

  await app.register(practiceAssignmentRoutes);
  await app.register(practiceEmailRoutes);
  await app.register(practiceCommentRoutes);
  await app.register(practiceClaimRoutes);
};

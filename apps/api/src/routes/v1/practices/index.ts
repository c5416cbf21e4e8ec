import { PRACTICE_CALLS as CALLS } from "@argine/core/practices/practice-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendEncoded } from "../../../http/send-encoded.ts";
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
  setAnonymity,
  unreadCounts,
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
  const tags = ["practices"];

  app.route({
    ...callRoute(CALLS.list, {
      tags,
      summary: "Le pratiche: le proprie per un cliente, tutte per lo staff, con filtri e pagine",
    }),
    // A list kept in memory goes out as the bytes it went out as before (list-pages.ts, send-encoded.ts).
    handler: async (request, reply) =>
      sendEncoded(
        reply,
        await listPracticesFor(deps, requireActor(request), request.query, request.listsVersion),
      ),
  });

  app.route({
    ...callRoute(CALLS.queue, {
      tags,
      summary:
        "La coda di lavoro dell'avvocato: urgenti, nuove, in attesa di risposta, le più vecchie prima (solo staff)",
    }),
    handler: async (request, reply) =>
      sendEncoded(
        reply,
        await workQueue(deps, requireActor(request), request.query.limit, request.listsVersion),
      ),
  });

  app.route({
    ...callRoute(CALLS.unreadCounts, {
      tags,
      summary:
        "I messaggi non letti dal chiamante sulle pratiche indicate (massimo 100): le proprie per un cliente, tutte per lo staff",
    }),
    handler: (request) => unreadCounts(deps, requireActor(request), request.query.ids),
  });

  app.route({
    ...callRoute(CALLS.detail, { tags, summary: "Il dettaglio di una pratica (titolare o staff)" }),
    handler: (request) => getPractice(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.remove, {
      tags,
      summary: "Il titolare elimina una propria pratica ancora in attesa (nulla acquistato)",
    }),
    handler: async (request) => {
      await deletePractice(deps, requireActor(request), request.params.id);
      return null;
    },
  });

  app.route({
    ...callRoute(CALLS.changeStatus, {
      tags,
      summary: "Cambio di stato: il titolare chiude la pratica; lo staff può anche riaprirla",
    }),
    handler: (request) => changeStatus(deps, requireActor(request), request.params.id, request.body.status),
  });

  app.route({
    ...callRoute(CALLS.setAnonymity, {
      tags,
      summary: "Il titolare sceglie se gli avvocati vedono chi è (nome, contatti, dati di fatturazione)",
    }),
    handler: (request) =>
      setAnonymity(deps, requireActor(request), request.params.id, request.body.anonymous),
  });

  app.route({
    ...callRoute(CALLS.answers, {
      tags,
      summary: "Le risposte del questionario della pratica (titolare o staff)",
    }),
    handler: (request) => practiceAnswers(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.servicesActive, {
      tags,
      summary: "I servizi che la pratica può acquistare (solo staff)",
    }),
    handler: (request) => changeServicesActive(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.feedbackLink, {
      tags,
      summary: "Il link al feedback in PDF, da aprire in una nuova scheda (titolare o staff)",
    }),
    handler: (request) => practiceFeedbackLink(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.evaluation, {
      tags,
      summary: "La valutazione della pratica, decisa dall'avvocato (solo staff)",
    }),
    handler: (request) =>
      changeEvaluation(deps, requireActor(request), request.params.id, request.body.evaluation),
  });

  app.route({
    ...callRoute(CALLS.adviceOffer, {
      tags,
      summary: "Il prezzo della consulenza per questa pratica; null se la consulenza non è acquistabile",
    }),
    handler: (request) => adviceOffer(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.advicePrice, {
      tags,
      summary: "Imposta (o ritira, con null) il prezzo della consulenza per questa pratica (solo staff)",
    }),
    handler: (request) =>
      changeAdvicePrice(deps, requireActor(request), request.params.id, request.body.price),
  });

  await app.register(practiceAssignmentRoutes);
  await app.register(practiceEmailRoutes);
  await app.register(practiceCommentRoutes);
  await app.register(practiceClaimRoutes);
};

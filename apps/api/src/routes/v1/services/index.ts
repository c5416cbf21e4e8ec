import { SERVICES_CALLS as CALLS } from "@argine/core/services/services-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { injunctionDraft } from "../../../services/injunction-draft.ts";
import { assign } from "../../../services/service-assignment.ts";
import { acceptMandate, mandate } from "../../../services/service-mandate.ts";
import { serviceQueue, serviceTeam } from "../../../services/service-queue.ts";
import { changeStatus } from "../../../services/service-status.ts";
import { deleteUpload, documentUrl, registerUpload, signUpload } from "../../../services/service-uploads.ts";

/**
 * A bought service's work (spec §7 "services/…"): uploads and documents, statuses, the staff's
 * queue, the defence mandate. Each route validates, names its caller and hands the use case to
 * apps/api/src/services/.
 */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["services"];

  app.route({
    ...callRoute(CALLS.signedUrl, {
      tags,
      summary:
        "Un link firmato per caricare un file (.pdf, .doc, .docx o .zip, al massimo 30 MB): del cliente per il proprio servizio, il documento finito per lo staff",
    }),
    handler: (request) => signUpload(deps, requireActor(request), request.params.id, request.query),
  });

  app.route({
    ...callRoute(CALLS.registerUpload, {
      tags,
      summary: "Registra il file caricato: ne controlla dimensione e contenuto, o lo elimina e dice perché",
    }),
    handler: (request) => registerUpload(deps, requireActor(request), request.params.serviceId, request.body),
  });

  app.route({
    ...callRoute(CALLS.deleteUpload, { tags, summary: "Elimina il proprio file del servizio, inviato o no" }),
    handler: (request) => deleteUpload(deps, requireActor(request), request.params.serviceId, request.body),
  });

  app.route({
    ...callRoute(CALLS.documentUrl, {
      tags,
      summary: "Un link di pochi minuti a un file inviato del servizio, da aprire in una nuova scheda",
    }),
    handler: (request) =>
      documentUrl(deps, requireActor(request), request.params.serviceId, request.query.fileName),
  });

  app.route({
    ...callRoute(CALLS.changeStatus, {
      tags,
      summary: "Cambia lo stato di un servizio (staff); il cliente riceve un'email senza dettagli",
    }),
    handler: (request) => changeStatus(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.queue, {
      tags,
      summary: "I servizi pagati in attesa di lavorazione (staff): i propri prima, poi per anzianità",
    }),
    handler: (request) => serviceQueue(deps, requireActor(request), request.query),
  });

  app.route({
    ...callRoute(CALLS.team, {
      tags,
      summary: "Chi può ricevere un lavoro: avvocati e amministratori (staff)",
    }),
    handler: (request) => serviceTeam(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.assign, {
      tags,
      summary: "Assegna il servizio a un avvocato, o lo rimette in coda; prenderlo lo avvia se può partire",
    }),
    handler: (request) => assign(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.mandate, { tags, summary: "Il mandato della difesa legale e la sua accettazione" }),
    handler: (request) => mandate(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.acceptMandate, {
      tags,
      summary: "Il cliente accetta il mandato della difesa legale (versione e ora registrate)",
    }),
    handler: (request) => acceptMandate(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.injunctionDraft, {
      tags,
      summary:
        "La bozza della diffida (.docx) dai fatti e dal feedback della pratica, da completare e ricaricare (staff, solo diffida)",
    }),
    handler: async (request, reply) =>
      sendFile(reply, await injunctionDraft(deps, requireActor(request), request.params.id)),
  });
};

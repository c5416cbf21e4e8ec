import { DIARY_CALLS as CALLS } from "@argine/core/diary/diary-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  attachmentLink,
  correctDiaryEntry,
  createDiaryEntry,
  getDiaryEntry,
  getShare,
  listDiary,
  prepareAttachment,
  putShare,
  receiveAttachment,
} from "../../../diary/diary-service.ts";
import { createDossier, getDossier } from "../../../diary/dossier-service.ts";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";

/**
 * The evidence diary (issue 40): the client's incidents, their attachments, the switch that shares a
 * practice's entries with its lawyers, the dossier. The use cases are in apps/api/src/diary/.
 */
export const diaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["diary"];

  app.route({
    ...callRoute(CALLS.entries, {
      tags,
      summary:
        "Gli episodi del diario in ordine di data; con practiceId quelli di una pratica (per gli avvocati solo se condivisi)",
    }),
    handler: (request) => listDiary(deps, requireActor(request), request.query),
  });

  app.route({
    ...callRoute(CALLS.entry, { tags, summary: "Un episodio con tutte le sue versioni sigillate" }),
    handler: (request) => getDiaryEntry(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.createEntry, {
      tags,
      summary: "Registra un episodio: la sua prima versione è sigillata con una marca temporale",
    }),
    handler: (request) => createDiaryEntry(deps, requireActor(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.correctEntry, {
      tags,
      summary: "Corregge un episodio: una nuova versione sigillata, le precedenti restano come erano",
    }),
    handler: (request) => correctDiaryEntry(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.prepareAttachment, {
      tags,
      summary: "Prepara un allegato: il link a cui inviare il file",
    }),
    handler: (request) => prepareAttachment(deps, requireActor(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.receiveAttachment, {
      tags,
      summary: "Il file è stato inviato: il server lo controlla, ne calcola l'impronta e lo fa sigillare",
    }),
    handler: (request) => receiveAttachment(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.attachmentLink, {
      tags,
      summary: "Un link di pochi minuti per scaricare un allegato",
    }),
    handler: (request) => attachmentLink(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.share, {
      tags,
      summary: "Se gli avvocati della pratica vedono gli episodi del diario legati a essa",
    }),
    handler: (request) => getShare(deps, requireActor(request), request.params.practiceId),
  });

  app.route({
    ...callRoute(CALLS.setShare, {
      tags,
      summary: "Condivide il diario della pratica con i suoi avvocati, o smette di condividerlo",
    }),
    handler: (request) => putShare(deps, requireActor(request), request.params.practiceId, request.body),
  });

  app.route({
    ...callRoute(CALLS.createDossier, {
      tags,
      summary: "Prepara il dossier (PDF e ZIP) degli episodi di una pratica o di tutto il diario",
    }),
    handler: (request) => createDossier(deps, requireActor(request), request.body),
  });

  app.route({
    ...callRoute(CALLS.dossier, {
      tags,
      summary: "L'avanzamento del dossier e, quando è pronto, i link per scaricarlo",
    }),
    handler: (request) => getDossier(deps, requireActor(request), request.params.id),
  });
};

import { LEGALIZATION_CALLS as CALLS } from "@argine/core/legalization/legalization-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  getSession,
  sessionFiles,
  setStep,
  startSession,
  stopSession,
} from "../../../legalization/legalization-service.ts";

/**
 * The legalization of a LEGALIZATION service (spec §7 "services/legalization/{id}/…"): its capture
 * session, step, stop action and files. The use cases are in apps/api/src/legalization/.
 */
export const legalizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["legalization"];

  app.route({
    ...callRoute(CALLS.session, {
      tags,
      summary: "La sessione di acquisizione in corso o terminata, con lo stato detto dal fornitore",
    }),
    handler: (request) => getSession(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.startSession, {
      tags,
      summary:
        "Avvia l'acquisizione della pagina indicata, o restituisce quella in corso o riuscita (una fallita si riavvia)",
    }),
    handler: (request) => startSession(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.setStep, { tags, summary: "Il passo in cui si trova il cliente nell'acquisizione" }),
    handler: (request) => setStep(deps, requireActor(request), request.params.id, request.body),
  });

  app.route({
    ...callRoute(CALLS.stop, {
      tags,
      summary: "Termina l'acquisizione: il fornitore chiude la sessione e prepara i file",
    }),
    handler: (request) => stopSession(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.sessionFiles, {
      tags,
      summary: "I file della legalizzazione, ciascuno con un link di pochi minuti, e l'impronta del rapporto",
    }),
    handler: (request) => sessionFiles(deps, requireActor(request), request.params.id),
  });
};

import { TAKEDOWN_CALLS as CALLS } from "@argine/core/takedown/takedown-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  recordTakedown,
  submitTakedownUrls,
  takedownNoticePdf,
  takedownNotices,
} from "../../../takedown/takedown-service.ts";

/** The takedown (spec §7 `services/takedown/{id}/urls`): the URLs, their DSA notices, the answers. */
export const takedownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["services"];

  app.route({
    ...callRoute(CALLS.submitUrls, {
      tags,
      summary:
        "Il cliente invia da 1 a 3 link da rimuovere, una volta sola: per ciascuno una segnalazione DSA; il servizio passa al team",
    }),
    handler: (request) =>
      submitTakedownUrls(deps, requireActor(request), request.params.id, request.body.urls),
  });

  app.route({
    ...callRoute(CALLS.notices, {
      tags,
      summary:
        "I link della rimozione con il loro stato e il testo della segnalazione (lo staff vede anche le note)",
    }),
    handler: (request) => takedownNotices(deps, requireActor(request), request.params.id),
  });

  app.route({
    ...callRoute(CALLS.noticePdf, { tags, summary: "La segnalazione DSA di un link, in PDF" }),
    handler: async (request, reply) =>
      sendFile(
        reply,
        await takedownNoticePdf(deps, requireActor(request), request.params.id, request.params.noticeId),
      ),
  });

  app.route({
    ...callRoute(CALLS.recordNotice, {
      tags,
      summary:
        "Lo staff registra dove e quando ha inviato la segnalazione e la risposta della piattaforma; il cliente riceve un'email senza dettagli",
    }),
    handler: (request) =>
      recordTakedown(deps, requireActor(request), request.params.id, request.params.noticeId, request.body),
  });
};

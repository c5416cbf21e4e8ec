import { OWN_DATA_CALLS as CALLS } from "@argine/core/identity/own-data-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import {
  downloadDataExport,
  eraseOwnAccount,
  readDataExport,
  requestDataExport,
} from "../../../users/own-data-service.ts";

/** One's own data (ADR 037): the export's state, its request (one at a time) and its one download. */
export const ownDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ["identity"];

  app.route({
    ...callRoute(CALLS.exportState, { tags, summary: "Lo stato della richiesta dei propri dati" }),
    handler: async (request) => readDataExport(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.requestExport, {
      tags,
      summary: "Scarica i miei dati: prepara l'archivio e lo invia per email (una richiesta alla volta)",
    }),
    handler: async (request) => requestDataExport(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.downloadExport, {
      tags,
      summary: "L'archivio dei propri dati, una sola volta, con il token del link ricevuto",
    }),
    handler: async (request, reply) =>
      sendFile(reply, await downloadDataExport(deps, requireActor(request), request.query.token)),
  });

  app.route({
    ...callRoute(CALLS.erase, {
      tags,
      summary:
        "Elimina il mio account, con la password attuale: restano solo i documenti fiscali, per dieci anni, leggibili dagli admin",
    }),
    handler: async (request) => {
      await eraseOwnAccount(deps, requireActor(request), request.body);
      return null;
    },
  });
};

import { OWN_DATA_CALLS as CALLS } from "@argine/core/identity/own-data-calls";
import { MESSAGES } from "@argine/core/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { accountAndAddress, writeLimits } from "../../../rate-limits/write-limits.ts";
import {
  downloadDataExport,
  eraseOwnAccount,
  readDataExport,
  requestDataExport,
} from "../../../users/own-data-service.ts";

const HOUR_MS = 3_600_000;

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
    // Beside the one-at-a-time rule of the use case: a few requests an hour per account and per address.
    onRequest: writeLimits(
      app,
      "data-export",
      accountAndAddress({ perAccount: 5, perAddress: 20, windowMs: HOUR_MS }),
      MESSAGES.tooManyRequests,
    ),
    handler: async (request) => requestDataExport(deps, requireActor(request)),
  });

  app.route({
    ...callRoute(CALLS.downloadExport, {
      tags,
      summary: "L'archivio dei propri dati, una sola volta, con il token del link ricevuto",
    }),
    config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    handler: async (request, reply) =>
      sendFile(reply, await downloadDataExport(deps, requireActor(request), request.query.token)),
  });

  app.route({
    ...callRoute(CALLS.erase, {
      tags,
      summary:
        "Elimina il mio account, con la password attuale: restano solo i documenti fiscali, per dieci anni, leggibili dagli admin",
    }),
    // A guess of the password costs one of a few tries an hour.
    onRequest: writeLimits(
      app,
      "account-erasure",
      accountAndAddress({ perAccount: 5, perAddress: 20, windowMs: HOUR_MS }),
      MESSAGES.tooManyRequests,
    ),
    handler: async (request) => {
      await eraseOwnAccount(deps, requireActor(request), request.body);
      return null;
    },
  });
};

import { RETENTION_CALLS as CALLS } from "@argine/core/retention/retention-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { callRoute } from "../../../http/call-route.ts";
import { sendFile } from "../../../http/send-file.ts";
import { requireActor } from "../../../identity/authenticate.ts";
import { legalizationArchive } from "../../../retention/retention-service.ts";

/** The legalization files to download before their retention ends (ADR 021). */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.route({
    ...callRoute(CALLS.archive, {
      tags: ["services"],
      summary: "Tutti i file della legalizzazione ancora conservati, con il manifest, in un archivio .zip",
    }),
    handler: async (request, reply) =>
      sendFile(reply, await legalizationArchive(deps, requireActor(request), request.params.id)),
  });
};

import { CATALOGUE_CALLS } from "@argine/core/catalogue/catalogue-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicCatalogue } from "../../../catalogue/catalogue-service.ts";
import { callRoute } from "../../../http/call-route.ts";
import { sendEncoded } from "../../../http/send-encoded.ts";

/** The public catalogue: every page's prices. The admin's routes are admin.ts beside this file. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(CATALOGUE_CALLS.products, {
      tags: ["orders"],
      summary: "Il catalogo dei servizi, con i prezzi IVA inclusa",
      security: [],
    }),
    // Kept for a minute (catalogue-service.ts), an admin's change showing at once; the copy kept goes out as
    // the bytes it went out as (send-encoded.ts).
    handler: async (request, reply) => sendEncoded(reply, await publicCatalogue(app.deps, request.actor)),
  });
};

import { CATALOGUE_CALLS } from "@argine/core/catalogue/catalogue-calls";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicCatalogue } from "../../../catalogue/catalogue-service.ts";
import { callRoute } from "../../../http/call-route.ts";

/** The public catalogue: every page's prices. The admin's routes are admin.ts beside this file. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(CATALOGUE_CALLS.products, {
      tags: ["orders"],
      summary: "Il catalogo dei servizi, con i prezzi IVA inclusa",
      security: [],
    }),
    // Cached for a few seconds (catalogue-service.ts); an admin's change shows at once.
    handler: (request) => publicCatalogue(app.deps, request.actor),
  });
};

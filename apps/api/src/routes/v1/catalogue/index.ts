import { ProductListSchema } from "@argine/core/catalogue/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicCatalogue } from "../../../catalogue/catalogue-service.ts";

/** The public catalogue: every page's prices. The admin's routes are admin.ts beside this file. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/products",
    {
      schema: {
        tags: ["orders"],
        summary: "Il catalogo dei servizi, con i prezzi IVA inclusa",
        security: [],
        response: { 200: ProductListSchema },
      },
    },
    // Cached for a few seconds (catalogue-service.ts); an admin's change shows at once.
    (request) => publicCatalogue(app.deps, request.actor),
  );
};

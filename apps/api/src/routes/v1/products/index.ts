import { ProductListSchema } from "@argine/core/orders/product";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
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
    // Cached for a few seconds (catalogue/catalogue.ts); an admin's change shows at once.
    () => app.catalogue.publicProducts(),
  );
};

import { type ProductCode, ProductListSchema } from "@argine/core/orders/product";
import { fromCents } from "@argine/core/shared/money";
import { listActiveProducts } from "@argine/db/queries/products";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ttlCache } from "../../../http/ttl-cache.ts";

const CATALOGUE_TTL_MS = 5000;

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every public page shows prices: read the catalogue at most once per TTL, not once per visitor.
  const catalogue = ttlCache(CATALOGUE_TTL_MS, async () =>
    (await listActiveProducts(app.db)).map((p) => ({
      code: p.code as ProductCode,
      name: p.name,
      description: p.description,
      price: fromCents(p.priceCents),
      discountedPrice: fromCents(p.discountedPriceCents),
      vatRate: p.vatRate,
      meta: { order: p.sortOrder },
    })),
  );

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
    () => catalogue.get(),
  );
};

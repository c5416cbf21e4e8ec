import type { Product, ProductCode } from "@argine/core/orders/product";
import { fromCents } from "@argine/core/shared/money";
import type { Db } from "@argine/db/client";
import { listActiveProducts } from "@argine/db/queries/products";
import { ttlCache } from "../http/ttl-cache.ts";

/** Every public page shows prices: the catalogue is read at most once per TTL, not once per visitor. */
export const CATALOGUE_TTL_MS = 5000;

declare module "fastify" {
  interface FastifyInstance {
    /** The public catalogue, cached; the admin routes invalidate it after a change. */
    catalogue: CatalogueService;
  }
}

export interface CatalogueService {
  /** The active products as GET /v1/products serves them: euros, VAT included, by meta.order. */
  publicProducts(): Promise<Product[]>;
  /**
   * Drops the cached copy, so this process serves a change at once. Other replicas converge within the TTL.
   */
  invalidate(): void;
}

export function createCatalogueService(db: Db, ttlMs: number = CATALOGUE_TTL_MS): CatalogueService {
  const cache = ttlCache(ttlMs, async () =>
    (await listActiveProducts(db)).map(
      (p): Product => ({
        code: p.code as ProductCode,
        name: p.name,
        description: p.description,
        price: fromCents(p.priceCents),
        discountedPrice: fromCents(p.discountedPriceCents),
        vatRate: p.vatRate,
        meta: { order: p.sortOrder },
      }),
    ),
  );
  return { publicProducts: () => cache.get(), invalidate: () => cache.invalidate() };
}

import type { AdminProduct, AdminProductPatch } from "@argine/core/catalogue/admin-api";
import type { Product } from "@argine/core/catalogue/product";
import { discountWithinPrice } from "@argine/core/catalogue/rules";
import type { Actor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import {
  listActiveProducts,
  listAllProducts,
  type ProductRow,
  updateProduct,
} from "@argine/db/queries/catalogue";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { type TtlCache, ttlCache } from "../http/ttl-cache.ts";
import { auditedChange, catalogueActor, fieldError } from "./changes.ts";

// The catalogue's products: the public list every page prices from, and the admin's changes to them.
// Campaigns, vouchers and gift cards have their own files beside this one.

/**
 * Every public page shows prices: the catalogue is read once, not once per visitor, and read again when any
 * process changes it (the fan-out's invalidation). The TTL only bounds a change whose notification was lost.
 */
export const CATALOGUE_TTL_MS = 60_000;

/** What the public and the admin see of a product alike: euros, VAT included. */
const pricedProduct = (p: ProductRow) => ({
  code: p.code,
  name: p.name,
  description: p.description,
  price: fromCents(p.priceCents),
  discountedPrice: fromCents(p.discountedPriceCents),
  vatRate: p.vatRate,
});

/** A product as GET /v1/products serves it, and as the cart maths price it (orders/order-pricing.ts). */
export const publicProduct = (p: ProductRow): Product => ({
  ...pricedProduct(p),
  meta: { order: p.sortOrder },
});

// One cache per app: keyed by the app's deps, so each app (and each test's app) has its own, and whatever
// is handed the same deps (a route, a job, a webhook) shares it. It listens for as long as the fan-out does.
const publicCaches = new WeakMap<Deps, TtlCache<Product[]>>();

function publicCache(deps: Deps): TtlCache<Product[]> {
  let cache = publicCaches.get(deps);
  if (!cache) {
    cache = ttlCache(
      CATALOGUE_TTL_MS,
      async () => (await listActiveProducts(deps.db)).map(publicProduct),
      () => deps.clock.now(),
    );
    deps.fanOut.onInvalidate((name) => {
      if (name === "catalogue") cache?.invalidate();
    });
    publicCaches.set(deps, cache);
  }
  return cache;
}

/**
 * The active products as GET /v1/products serves them: euros, VAT included, by meta.order. Everyone reads
 * them, anonymous callers too. Cached; a change made through {@link changeProduct} in any process shows at
 * once in every one.
 */
export function publicCatalogue(deps: Deps, _actor: Actor | null): Promise<Product[]> {
  return publicCache(deps).get();
}

const adminProduct = (p: ProductRow): AdminProduct => ({
  ...pricedProduct(p),
  active: p.active,
  order: p.sortOrder,
  updatedAt: p.updatedAt.toISOString(),
});

/** Every product, inactive ones too, in catalogue order (admins). */
export async function allProducts(deps: Deps, actor: Actor | null): Promise<AdminProduct[]> {
  catalogueActor(actor, "read-all");
  return (await listAllProducts(deps.db)).map(adminProduct);
}

/** The columns a product patch sets, checked against the locked row: a lone price against the stored other. */
function productChanges(body: AdminProductPatch, current: ProductRow) {
  const priceCents = body.price === undefined ? current.priceCents : toCents(body.price);
  const discountedCents =
    body.discountedPrice === undefined ? current.discountedPriceCents : toCents(body.discountedPrice);
  // The body alone passed; with the stored other price it must still hold.
  if (!discountWithinPrice(priceCents, discountedCents)) {
    throw fieldError(
      body.discountedPrice === undefined ? "price" : "discountedPrice",
      MESSAGES.discountAbovePrice,
    );
  }
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.price === undefined ? {} : { priceCents }),
    ...(body.discountedPrice === undefined ? {} : { discountedPriceCents: discountedCents }),
    ...(body.active === undefined ? {} : { active: body.active }),
    ...(body.order === undefined ? {} : { sortOrder: body.order }),
  };
}

/** Changes a product's name, description, prices, state or order (admins), with its audit line. */
export async function changeProduct(
  deps: Deps,
  actor: Actor | null,
  code: string,
  body: AdminProductPatch,
): Promise<AdminProduct> {
  const updated = await auditedChange(
    deps,
    catalogueActor(actor, "manage"),
    (tx) =>
      updateProduct(tx, code, (current) => ({
        ...productChanges(body, current),
        updatedAt: now(deps.clock),
      })),
    { action: "product.update", idOf: (row) => row.code, body },
  );
  // Committed: this process drops its copy now (its next read, maybe the admin's own, sees the change) and
  // tells the others, whose copies drop when the notification arrives. A lost notification leaves theirs
  // to their TTL, and must not fail a change that is stored.
  publicCaches.get(deps)?.invalidate();
  await deps.fanOut.invalidate("catalogue").catch(() => {});
  return adminProduct(updated);
}

import { CATALOGUE_ROUTES } from "@argine/core/catalogue/catalogue-routes";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../../shared/http/call.ts";

// The public catalogue (GET /v1/products, spec §7): names and prices, VAT included. The API caches it for a
// few seconds; the client keeps it for the page's life.

export const PRODUCTS_QUERY_KEY = ["products"] as const;

export function productsQueryOptions() {
  return queryOptions({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => call(CATALOGUE_ROUTES.products, { auth: false, signal }),
    staleTime: 5 * 60_000,
  });
}

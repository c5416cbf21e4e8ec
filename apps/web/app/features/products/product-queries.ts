import type { Product } from "@argine/core/catalogue/product";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../shared/http/api-client.ts";

// The public catalogue (GET /v1/products, spec §7): names and prices, VAT included. The API caches it for a
// few seconds; the client keeps it for the page's life.

export const PRODUCTS_QUERY_KEY = ["products"] as const;

export function productsQueryOptions() {
  return queryOptions({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => apiClient.get<Product[]>("/v1/products", { auth: false, signal }),
    staleTime: 5 * 60_000,
  });
}

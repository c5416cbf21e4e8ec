// What the other features may use of products (docs/architecture.md, web part: features meet through public.ts).

export { DEFENCE_LETTER_PATH, DefenceLetter, DefenceScope } from "./defence-scope.tsx";
export { PRODUCTS_QUERY_KEY, productsQueryOptions } from "./product-queries.ts";

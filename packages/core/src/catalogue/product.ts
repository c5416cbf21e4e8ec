import { z } from "zod";
import { SERVICE_TYPE } from "../services/service-type.ts";

// Catalogue codes: the written opinion, then one product per service a practice can buy. ADVICE's price can
// be overridden per practice (spec §5 "ADVICE product rule").
export const PRODUCT_CODES = ["FEEDBACK", ...SERVICE_TYPE.values] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export function isProductCode(value: unknown): value is ProductCode {
  return (PRODUCT_CODES as readonly unknown[]).includes(value);
}

/** A catalogue product as the API serves it. Amounts are euros, VAT included, as numbers. */
export const ProductSchema = z.object({
  code: z.enum(PRODUCT_CODES),
  name: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  discountedPrice: z.number().nonnegative(),
  vatRate: z.number().nonnegative(),
  meta: z.object({ order: z.number().int() }),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

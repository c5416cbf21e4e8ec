import { z } from "zod";

// Catalogue codes. ADVICE's price can be overridden per practice (spec §5 "ADVICE product rule").
export const PRODUCT_CODES = [
  "FEEDBACK",
  "LEGALIZATION",
  "TAKEDOWN",
  "INJUCTION",
  "ADVICE",
  "DEFENCE",
  "PACKAGE",
] as const;
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

import { z } from "zod";
import { PRODUCT_CODES } from "../catalogue/product.ts";
import { BillingDataSchema } from "../invoice/billing-data.ts";
import { MESSAGES } from "../shared/messages.ts";

// Checkout rules (spec §5): a service selected, every field filled, the general conditions of sale accepted.

export const SelectedItemsSchema = z
  .array(z.enum(PRODUCT_CODES, { error: MESSAGES.badRequest }), { error: MESSAGES.serviceRequired })
  .min(1, { error: MESSAGES.serviceRequired })
  .refine((items) => new Set(items).size === items.length, { error: MESSAGES.badRequest });

export const SalesConditionsAcceptanceSchema = z.literal(true, { error: MESSAGES.salesConditionsRequired });

export const CheckoutSchema = z.object({
  items: SelectedItemsSchema,
  invoice: BillingDataSchema,
  salesConditionsAccepted: SalesConditionsAcceptanceSchema,
});
export type Checkout = z.infer<typeof CheckoutSchema>;

import { z } from "zod";
import { BillingDataSchema } from "../billing/billing-data.ts";
import { PRODUCT_CODES } from "../catalogue/product.ts";
import { MESSAGES } from "../shared/messages.ts";

// Checkout rules (spec §5): a service selected, every field filled, the general conditions of sale accepted,
// and the client's request that the services start at once (ADR 017: without it a service begun within the
// 14 days of withdrawal could not be charged; with it, a service fully performed ends the right).

export const SelectedItemsSchema = z
  .array(z.enum(PRODUCT_CODES, { error: MESSAGES.badRequest }), { error: MESSAGES.serviceRequired })
  .min(1, { error: MESSAGES.serviceRequired })
  .refine((items) => new Set(items).size === items.length, { error: MESSAGES.badRequest });

export const SalesConditionsAcceptanceSchema = z.literal(true, { error: MESSAGES.salesConditionsRequired });

export const WithdrawalWaiverSchema = z.literal(true, { error: MESSAGES.withdrawalWaiverRequired });

/** The checkbox's text, as the client ticks it (Codice del consumo art. 59(1)(a)). */
export const WITHDRAWAL_WAIVER_TEXT =
  "Chiedo che i servizi inizino subito e so che, una volta eseguiti completamente, perdo il diritto di recesso.";

export const CheckoutSchema = z.object({
  items: SelectedItemsSchema,
  invoice: BillingDataSchema,
  salesConditionsAccepted: SalesConditionsAcceptanceSchema,
  withdrawalWaiverAccepted: WithdrawalWaiverSchema,
});
export type Checkout = z.infer<typeof CheckoutSchema>;

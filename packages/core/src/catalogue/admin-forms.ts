import { z } from "zod";
import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { parseEuroAmount } from "../shared/money.ts";
import {
  AdminVoucherCodeSchema,
  CatalogueCodeSchema,
  DescriptionSchema,
  NameSchema,
  SponsorSchema,
} from "./admin-api.ts";
import { PRODUCT_CODES } from "./product.ts";
import {
  balanceWithinAmount,
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  CODE_PATTERN,
  discountWithinPrice,
  MAX_CATALOGUE_AMOUNT_EUR,
  MAX_USES_MAX,
  ORDER_MAX,
  promoAmountAllowed,
} from "./rules.ts";

// The admin workspace's web forms: what the admin types, as text ("49,90", "2026-12-31"), checked
// with the same rules (rules.ts) and messages as the API bodies (admin-api.ts) before the page converts it.

/** A required amount typed as "49,90" or "49.90". */
export const AmountInputSchema = RequiredStringSchema.refine((text) => parseEuroAmount(text) !== undefined, {
  error: MESSAGES.invalidAmount,
  ...ifFilled,
}).refine((text) => (parseEuroAmount(text) ?? 0) <= MAX_CATALOGUE_AMOUNT_EUR, {
  error: MESSAGES.amountTooHigh,
  ...ifFilled,
});

/** An optional amount: empty means none. */
export const OptionalAmountInputSchema = z
  .string()
  .trim()
  .refine((text) => parseEuroAmount(text) !== undefined, { error: MESSAGES.invalidAmount, ...ifFilled })
  .refine((text) => (parseEuroAmount(text) ?? 0) <= MAX_CATALOGUE_AMOUNT_EUR, {
    error: MESSAGES.amountTooHigh,
    ...ifFilled,
  });

/** A whole number typed in a form, from min to max. */
function integerInput(min: number, max: number, message: string, required: boolean) {
  const base = required ? RequiredStringSchema : z.string().trim();
  return base.refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
    error: message,
    ...ifFilled,
  });
}

/** An optional calendar date from an <input type="date">: "YYYY-MM-DD", or empty. */
export const DateInputSchema = z
  .string()
  .trim()
  .refine((text) => z.iso.date().safeParse(text).success, { error: MESSAGES.invalidDate, ...ifFilled });

/** A date range typed as calendar days: the end day may be the start day (it runs to the end of the day). */
function dayRangeInOrder(start: string, end: string): boolean {
  return !start || !end || end >= start;
}

export const ProductFormSchema = z
  .object({
    name: NameSchema,
    description: DescriptionSchema,
    price: AmountInputSchema,
    discountedPrice: AmountInputSchema,
    order: integerInput(0, ORDER_MAX, MESSAGES.orderRange, true),
    active: z.boolean(),
  })
  .refine(
    (form) => {
      const price = parseEuroAmount(form.price);
      const discounted = parseEuroAmount(form.discountedPrice);
      return price === undefined || discounted === undefined || discountWithinPrice(price, discounted);
    },
    {
      error: MESSAGES.discountAbovePrice,
      path: ["discountedPrice"],
      when: (payload) => {
        const value = payload.value as { price?: unknown; discountedPrice?: unknown };
        return typeof value.price === "string" && typeof value.discountedPrice === "string";
      },
    },
  );
export type ProductForm = z.infer<typeof ProductFormSchema>;

const dayRange = {
  error: MESSAGES.endBeforeStart,
  path: ["endsAt"],
  when: (payload: z.core.ParsePayload) => {
    const value = payload.value as { startsAt?: unknown; endsAt?: unknown };
    return typeof value.startsAt === "string" && typeof value.endsAt === "string";
  },
};

export const CampaignFormSchema = z
  .object({
    code: CatalogueCodeSchema,
    name: NameSchema,
    sponsor: SponsorSchema,
    coveragePercent: integerInput(0, 100, MESSAGES.coverageRange, true),
    maxAmount: OptionalAmountInputSchema,
    budget: OptionalAmountInputSchema,
    minAmount: AmountInputSchema,
    productCodes: z.array(z.enum(PRODUCT_CODES, { error: MESSAGES.invalidProduct })),
    order: integerInput(0, ORDER_MAX, MESSAGES.orderRange, true),
    startsAt: DateInputSchema,
    endsAt: DateInputSchema,
    active: z.boolean(),
  })
  .refine((form) => dayRangeInOrder(form.startsAt, form.endsAt), dayRange);
export type CampaignForm = z.infer<typeof CampaignFormSchema>;

export const VoucherFormSchema = z.object({
  code: AdminVoucherCodeSchema,
  discountAmount: integerInput(1, 100, MESSAGES.voucherPercentRange, false),
  maxUses: integerInput(1, MAX_USES_MAX, MESSAGES.maxUsesRange, false),
  expiresAt: DateInputSchema,
  active: z.boolean(),
});
export type VoucherForm = z.infer<typeof VoucherFormSchema>;

const OptionalCodeInputSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => code.length >= CODE_MIN_LENGTH, { error: MESSAGES.codeMinLength, ...ifFilled })
  .refine((code) => code.length <= CODE_MAX_LENGTH, { error: MESSAGES.tooLong, ...ifFilled })
  .refine((code) => CODE_PATTERN.test(code), { error: MESSAGES.codeFormat, ...ifFilled });

export const GiftCardCreateFormSchema = z
  .object({
    code: CatalogueCodeSchema,
    promo: OptionalCodeInputSchema,
    amount: AmountInputSchema.refine((text) => (parseEuroAmount(text) ?? 1) > 0, {
      error: MESSAGES.amountNotPositive,
      ...ifFilled,
    }),
    productCodes: z.array(z.enum(PRODUCT_CODES, { error: MESSAGES.invalidProduct })),
    expiresAt: DateInputSchema,
  })
  .refine((form) => promoAmountAllowed(form.promo, parseEuroAmount(form.amount) ?? 0), {
    error: MESSAGES.promoGiftCardMax,
    path: ["amount"],
    when: (payload) => {
      const value = payload.value as { promo?: unknown; amount?: unknown };
      return typeof value.promo === "string" && typeof value.amount === "string";
    },
  });
export type GiftCardCreateForm = z.infer<typeof GiftCardCreateFormSchema>;

/** The edit form of a gift card: its balance is checked against the amount it was issued for. */
export function giftCardEditFormSchema(amount: number) {
  return z.object({
    balance: AmountInputSchema.refine((text) => balanceWithinAmount(parseEuroAmount(text) ?? 0, amount), {
      error: MESSAGES.balanceAboveAmount,
      ...ifFilled,
    }),
    productCodes: z.array(z.enum(PRODUCT_CODES, { error: MESSAGES.invalidProduct })),
    expiresAt: DateInputSchema,
  });
}
export type GiftCardEditForm = z.infer<ReturnType<typeof giftCardEditFormSchema>>;

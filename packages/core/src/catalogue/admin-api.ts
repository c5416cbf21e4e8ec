import { z } from "zod";
import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { hasAtMostTwoDecimals } from "../shared/money.ts";
import { PRODUCT_CODES } from "./product.ts";
import {
  CODE_MAX_LENGTH,
  CODE_MIN_LENGTH,
  CODE_PATTERN,
  DESCRIPTION_MAX_LENGTH,
  datesInOrder,
  discountWithinPrice,
  MAX_CATALOGUE_AMOUNT_EUR,
  MAX_USES_MAX,
  NAME_MAX_LENGTH,
  ORDER_MAX,
  promoAmountAllowed,
  SPONSOR_MAX_LENGTH,
} from "./rules.ts";

// The admin workspace's catalogue: products and prices, campaigns, vouchers, gift cards (the users
// list is identity/users-api.ts's). Request bodies and responses of /v1/admin/*, declared by the API routes. The API speaks euros
// as numbers and ISO 8601 instants; the web forms (admin-forms.ts) keep what the admin typed as text
// ("49,90", "2026-12-31"), with the same rules (rules.ts) and messages.

// ─── Field schemas (API: numbers and ISO instants) ───────────────────────────────────────────────────────

/** Euros as a number: not negative, at most 2 decimals, at most 100.000,00 €. */
export const AmountSchema = z
  .number({ error: MESSAGES.invalidAmount })
  .min(0, { error: MESSAGES.negativeAmount })
  .max(MAX_CATALOGUE_AMOUNT_EUR, { error: MESSAGES.amountTooHigh })
  .refine(hasAtMostTwoDecimals, { error: MESSAGES.amountDecimals });

export const NameSchema = RequiredStringSchema.max(NAME_MAX_LENGTH, { error: MESSAGES.tooLong });
export const SponsorSchema = RequiredStringSchema.max(SPONSOR_MAX_LENGTH, { error: MESSAGES.tooLong });
export const DescriptionSchema = RequiredStringSchema.max(DESCRIPTION_MAX_LENGTH, {
  error: MESSAGES.tooLong,
});

const integer = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

const OrderSchema = integer(0, ORDER_MAX, MESSAGES.orderRange);
const CoverageSchema = integer(0, 100, MESSAGES.coverageRange);
const VoucherPercentSchema = integer(1, 100, MESSAGES.voucherPercentRange);
const MaxUsesSchema = integer(1, MAX_USES_MAX, MESSAGES.maxUsesRange);
const FlagSchema = z.boolean({ error: MESSAGES.invalidChoice });

/** An instant with its offset, e.g. "2026-12-31T22:59:59.999Z"; impossible dates (31 April) are refused. */
export const DateTimeSchema = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate });

export const ProductCodesSchema = z.array(z.enum(PRODUCT_CODES, { error: MESSAGES.invalidProduct }), {
  error: MESSAGES.invalidProduct,
});

function codeSchema(minLengthMessage: string) {
  return RequiredStringSchema.toUpperCase()
    .refine((code) => code.length >= CODE_MIN_LENGTH, { error: minLengthMessage, ...ifFilled })
    .refine((code) => code.length <= CODE_MAX_LENGTH, { error: MESSAGES.tooLong, ...ifFilled })
    .refine((code) => CODE_PATTERN.test(code), { error: MESSAGES.codeFormat, ...ifFilled });
}

/** A voucher code: trimmed and uppercased; 'Il Voucher deve essere almeno 3 caratteri.' (spec §5). */
export const AdminVoucherCodeSchema = codeSchema(MESSAGES.voucherMinLength);
/** A campaign, gift card or promo code: trimmed and uppercased, at least 3 characters. */
export const CatalogueCodeSchema = codeSchema(MESSAGES.codeMinLength);

/** Unknown fields are refused in Italian (a typo in a field name must not pass as "nothing changed"). */
const strict = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? MESSAGES.unknownField : MESSAGES.badRequest),
  });

const notEmpty = (body: object) => Object.values(body).some((value) => value !== undefined);

// ─── Params and queries ──────────────────────────────────────────────────────────────────────────────────

export const AdminIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.invalidId }) });
export const AdminProductParamsSchema = z.object({
  code: z.string().min(1, { error: MESSAGES.invalidId }).max(CODE_MAX_LENGTH, { error: MESSAGES.invalidId }),
});

// ─── Products ────────────────────────────────────────────────────────────────────────────────────────────

/** A product as the admin sees it: inactive ones too. Amounts in euros, VAT included. */
export const AdminProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  vatRate: z.number(),
  active: z.boolean(),
  order: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductListSchema = z.array(AdminProductSchema);

/**
 * PATCH /v1/admin/products/{code}: any of the fields. When only one of the two prices is sent, the API checks
 * it against the stored other one.
 */
export const AdminProductPatchSchema = strict({
  name: NameSchema,
  description: DescriptionSchema,
  price: AmountSchema,
  discountedPrice: AmountSchema,
  active: FlagSchema,
  order: OrderSchema,
})
  .partial()
  .refine(notEmpty, { error: MESSAGES.nothingToChange })
  .refine(
    (body) =>
      body.price === undefined ||
      body.discountedPrice === undefined ||
      discountWithinPrice(body.price, body.discountedPrice),
    { error: MESSAGES.discountAbovePrice, path: ["discountedPrice"] },
  );
export type AdminProductPatch = z.infer<typeof AdminProductPatchSchema>;

// ─── Campaigns ───────────────────────────────────────────────────────────────────────────────────────────

export const AdminCampaignSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  sponsor: z.string(),
  coveragePercent: z.number().int(),
  /** Cap on the sponsor's contribution to one order; null for none. */
  maxAmount: z.number().nullable(),
  /** What the sponsor has left to spend on all orders; null for no limit (ADR 014). */
  budget: z.number().nullable(),
  /** The cart amount from which the campaign applies. */
  minAmount: z.number(),
  /** Empty: every product. */
  productCodes: z.array(z.string()),
  order: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;
export const AdminCampaignListSchema = z.array(AdminCampaignSchema);

const campaignFields = {
  name: NameSchema,
  sponsor: SponsorSchema,
  coveragePercent: CoverageSchema,
  maxAmount: AmountSchema.nullable(),
  budget: AmountSchema.nullable(),
  minAmount: AmountSchema,
  productCodes: ProductCodesSchema,
  order: OrderSchema,
  startsAt: DateTimeSchema.nullable(),
  endsAt: DateTimeSchema.nullable(),
  active: FlagSchema,
};

const endAfterStart = {
  error: MESSAGES.endBeforeStart,
  path: ["endsAt"],
};

/** POST /v1/admin/campaigns. */
export const AdminCampaignCreateSchema = strict({
  code: CatalogueCodeSchema,
  name: campaignFields.name,
  sponsor: campaignFields.sponsor,
  coveragePercent: campaignFields.coveragePercent,
  maxAmount: campaignFields.maxAmount.default(null),
  budget: campaignFields.budget.default(null),
  minAmount: campaignFields.minAmount.default(0),
  productCodes: campaignFields.productCodes.default([]),
  order: campaignFields.order.default(0),
  startsAt: campaignFields.startsAt.default(null),
  endsAt: campaignFields.endsAt.default(null),
  active: campaignFields.active.default(true),
}).refine((body) => datesInOrder(body.startsAt, body.endsAt), endAfterStart);
export type AdminCampaignCreate = z.infer<typeof AdminCampaignCreateSchema>;

/** PATCH /v1/admin/campaigns/{id}: any field but the code (codes never change once created). */
export const AdminCampaignPatchSchema = strict(campaignFields)
  .partial()
  .refine(notEmpty, { error: MESSAGES.nothingToChange })
  .refine((body) => datesInOrder(body.startsAt, body.endsAt), endAfterStart);
export type AdminCampaignPatch = z.infer<typeof AdminCampaignPatchSchema>;

// ─── Vouchers ────────────────────────────────────────────────────────────────────────────────────────────

export const AdminVoucherSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  /** Percent of the discounted price; null applies the spec's default of 1 (§9). */
  discountAmount: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminVoucher = z.infer<typeof AdminVoucherSchema>;
export const AdminVoucherListSchema = z.array(AdminVoucherSchema);

const voucherFields = {
  discountAmount: VoucherPercentSchema.nullable(),
  maxUses: MaxUsesSchema.nullable(),
  expiresAt: DateTimeSchema.nullable(),
  active: FlagSchema,
};

/** POST /v1/admin/vouchers. */
export const AdminVoucherCreateSchema = strict({
  code: AdminVoucherCodeSchema,
  discountAmount: voucherFields.discountAmount.default(null),
  maxUses: voucherFields.maxUses.default(null),
  expiresAt: voucherFields.expiresAt.default(null),
  active: voucherFields.active.default(true),
});
export type AdminVoucherCreate = z.infer<typeof AdminVoucherCreateSchema>;

/** PATCH /v1/admin/vouchers/{id}: discount, uses, expiry, active; never the code. */
export const AdminVoucherPatchSchema = strict(voucherFields)
  .partial()
  .refine(notEmpty, { error: MESSAGES.nothingToChange });
export type AdminVoucherPatch = z.infer<typeof AdminVoucherPatchSchema>;

// ─── Gift cards ──────────────────────────────────────────────────────────────────────────────────────────

export const AdminGiftCardSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  promo: z.string().nullable(),
  amount: z.number(),
  balance: z.number(),
  /** Empty: spendable on every product. */
  productCodes: z.array(z.string()),
  assigned: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminGiftCard = z.infer<typeof AdminGiftCardSchema>;
export const AdminGiftCardListSchema = z.array(AdminGiftCardSchema);

const PositiveAmountSchema = AmountSchema.refine((amount) => amount > 0, {
  error: MESSAGES.amountNotPositive,
});

/** POST /v1/admin/gift-cards: the balance starts at the amount. */
export const AdminGiftCardCreateSchema = strict({
  code: CatalogueCodeSchema,
  promo: CatalogueCodeSchema.nullable().default(null),
  amount: PositiveAmountSchema,
  productCodes: ProductCodesSchema.default([]),
  expiresAt: DateTimeSchema.nullable().default(null),
}).refine((body) => promoAmountAllowed(body.promo, body.amount), {
  error: MESSAGES.promoGiftCardMax,
  path: ["amount"],
});
export type AdminGiftCardCreate = z.infer<typeof AdminGiftCardCreateSchema>;

/**
 * PATCH /v1/admin/gift-cards/{id}: the balance (0 takes a card out of use), the expiry and the products. The
 * amount issued never changes; the API checks the balance against it.
 */
export const AdminGiftCardPatchSchema = strict({
  balance: AmountSchema,
  expiresAt: DateTimeSchema.nullable(),
  productCodes: ProductCodesSchema,
})
  .partial()
  .refine(notEmpty, { error: MESSAGES.nothingToChange });
export type AdminGiftCardPatch = z.infer<typeof AdminGiftCardPatchSchema>;

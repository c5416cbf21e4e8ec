import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PROMO_GIFT_CARD_MAX_EUR } from "../shared/constants.ts";
import { MESSAGES } from "../shared/messages.ts";
import { formatAmount } from "../shared/money.ts";
import { byField, messages } from "../shared/schema-messages.test-helpers.ts";
import {
  AdminCampaignCreateSchema,
  AdminCampaignListSchema,
  AdminCampaignPatchSchema,
  AdminGiftCardCreateSchema,
  AdminGiftCardListSchema,
  AdminGiftCardPatchSchema,
  AdminIdParamsSchema,
  AdminProductListSchema,
  AdminProductPatchSchema,
  AdminVoucherCreateSchema,
  AdminVoucherListSchema,
  AdminVoucherPatchSchema,
  AmountSchema,
} from "./admin-api.ts";
import { MAX_CATALOGUE_AMOUNT_EUR } from "./rules.ts";

describe("AmountSchema (API, euros as numbers)", () => {
  it("accepts non-negative amounts with at most 2 decimals", () => {
    expect(AmountSchema.parse(0)).toBe(0);
    expect(AmountSchema.parse(49.9)).toBe(49.9);
    expect(AmountSchema.parse(1234.56)).toBe(1234.56);
  });

  it("refuses negatives, 3 decimals, strings and too much, in Italian", () => {
    expect(messages(AmountSchema, -1)).toEqual([MESSAGES.negativeAmount]);
    expect(messages(AmountSchema, 49.999)).toEqual([MESSAGES.amountDecimals]);
    expect(messages(AmountSchema, "49,90")).toEqual([MESSAGES.invalidAmount]);
    expect(messages(AmountSchema, MAX_CATALOGUE_AMOUNT_EUR + 1)).toEqual([MESSAGES.amountTooHigh]);
  });

  it("states the real ceiling in its message", () => {
    expect(MESSAGES.amountTooHigh).toContain(formatAmount(MAX_CATALOGUE_AMOUNT_EUR));
    expect(MESSAGES.promoGiftCardMax).toContain(formatAmount(PROMO_GIFT_CARD_MAX_EUR));
  });
});

describe("AdminProductPatchSchema", () => {
  it("takes any subset of the editable fields", () => {
    expect(AdminProductPatchSchema.parse({ price: 59 })).toEqual({ price: 59 });
    expect(AdminProductPatchSchema.parse({ active: false, order: 5 })).toEqual({ active: false, order: 5 });
  });

  it("refuses a discounted price above the price", () => {
    expect(byField(AdminProductPatchSchema, { price: 50, discountedPrice: 60 })).toEqual({
      discountedPrice: MESSAGES.discountAbovePrice,
    });
    expect(AdminProductPatchSchema.safeParse({ price: 50, discountedPrice: 50 }).success).toBe(true);
  });

  it("refuses an empty change, unknown fields and a bad order, in Italian", () => {
    expect(messages(AdminProductPatchSchema, {})).toEqual([MESSAGES.nothingToChange]);
    expect(messages(AdminProductPatchSchema, { code: "X", price: 1 })).toEqual([MESSAGES.unknownField]);
    expect(messages(AdminProductPatchSchema, { order: 1.5 })).toEqual([MESSAGES.orderRange]);
    expect(messages(AdminProductPatchSchema, { name: "  " })).toEqual([MESSAGES.required]);
    expect(messages(AdminProductPatchSchema, { active: "sì" })).toEqual([MESSAGES.invalidChoice]);
  });
});

describe("AdminCampaignCreateSchema", () => {
  const campaign = { code: "scudo-2027", name: "Scudo", sponsor: "Fondazione", coveragePercent: 40 };

  it("uppercases the code and fills the defaults", () => {
    expect(AdminCampaignCreateSchema.parse(campaign)).toEqual({
      ...campaign,
      code: "SCUDO-2027",
      maxAmount: null,
      budget: null,
      minAmount: 0,
      productCodes: [],
      order: 0,
      startsAt: null,
      endsAt: null,
      active: true,
    });
  });

  it("keeps coverage within 0–100 and codes to letters, digits and dashes", () => {
    expect(byField(AdminCampaignCreateSchema, { ...campaign, coveragePercent: 101 })).toEqual({
      coveragePercent: MESSAGES.coverageRange,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, coveragePercent: -1 })).toEqual({
      coveragePercent: MESSAGES.coverageRange,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, code: "SCUDO 2027" })).toEqual({
      code: MESSAGES.codeFormat,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, code: "AB" })).toEqual({
      code: MESSAGES.codeMinLength,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, productCodes: ["CAFFE"] })).toEqual({
      "productCodes.0": MESSAGES.invalidProduct,
    });
  });

  it("needs valid dates, the end after the start", () => {
    const start = "2027-01-01T00:00:00.000Z";
    expect(
      byField(AdminCampaignCreateSchema, { ...campaign, startsAt: start, endsAt: "2026-12-31T23:00:00Z" }),
    ).toEqual({ endsAt: MESSAGES.endBeforeStart });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, startsAt: start, endsAt: start })).toEqual({
      endsAt: MESSAGES.endBeforeStart,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, endsAt: "2027-02-30T00:00:00Z" })).toEqual({
      endsAt: MESSAGES.invalidDate,
    });
    expect(byField(AdminCampaignCreateSchema, { ...campaign, endsAt: "domani" })).toEqual({
      endsAt: MESSAGES.invalidDate,
    });
    expect(
      AdminCampaignCreateSchema.safeParse({
        ...campaign,
        startsAt: start,
        endsAt: "2027-06-30T22:00:00+02:00",
      }).success,
    ).toBe(true);
  });

  it("patches any field but the code", () => {
    expect(AdminCampaignPatchSchema.parse({ active: false })).toEqual({ active: false });
    expect(messages(AdminCampaignPatchSchema, { code: "ALTRO" })[0]).toBe(MESSAGES.unknownField);
    expect(messages(AdminCampaignPatchSchema, { maxAmount: null })).toEqual([]);
  });
});

describe("vouchers", () => {
  it("needs at least 3 characters with the spec's message, and uppercases", () => {
    expect(messages(AdminVoucherCreateSchema, { code: "ab" })).toEqual([MESSAGES.voucherMinLength]);
    expect(messages(AdminVoucherCreateSchema, { code: "" })).toEqual([MESSAGES.required]);
    expect(AdminVoucherCreateSchema.parse({ code: " estate-25 ", discountAmount: 25 })).toEqual({
      code: "ESTATE-25",
      discountAmount: 25,
      maxUses: null,
      expiresAt: null,
      active: true,
    });
  });

  it("keeps the discount a whole percent from 1 to 100 and uses positive", () => {
    expect(messages(AdminVoucherCreateSchema, { code: "ABC", discountAmount: 0 })).toEqual([
      MESSAGES.voucherPercentRange,
    ]);
    expect(messages(AdminVoucherCreateSchema, { code: "ABC", discountAmount: 12.5 })).toEqual([
      MESSAGES.voucherPercentRange,
    ]);
    expect(messages(AdminVoucherPatchSchema, { maxUses: 0 })).toEqual([MESSAGES.maxUsesRange]);
    expect(AdminVoucherPatchSchema.parse({ discountAmount: null })).toEqual({ discountAmount: null });
  });
});

describe("gift cards", () => {
  it("needs a positive amount, and at most 150 € for a promo card", () => {
    expect(messages(AdminGiftCardCreateSchema, { code: "REGALO-1", amount: 0 })).toEqual([
      MESSAGES.amountNotPositive,
    ]);
    expect(byField(AdminGiftCardCreateSchema, { code: "REGALO-1", promo: "estate", amount: 200 })).toEqual({
      amount: MESSAGES.promoGiftCardMax,
    });
    expect(AdminGiftCardCreateSchema.parse({ code: "regalo-1", promo: "estate", amount: 150 })).toEqual({
      code: "REGALO-1",
      promo: "ESTATE",
      amount: 150,
      productCodes: [],
      expiresAt: null,
    });
    expect(AdminGiftCardCreateSchema.safeParse({ code: "REGALO-2", amount: 500 }).success).toBe(true);
  });

  it("patches balance, expiry and products only", () => {
    expect(AdminGiftCardPatchSchema.parse({ balance: 0 })).toEqual({ balance: 0 });
    expect(messages(AdminGiftCardPatchSchema, { amount: 10 })[0]).toBe(MESSAGES.unknownField);
    expect(messages(AdminGiftCardPatchSchema, { balance: -1 })).toEqual([MESSAGES.negativeAmount]);
  });
});

describe("params", () => {
  it("refuses an id that is not a UUID, in Italian", () => {
    expect(messages(AdminIdParamsSchema, { id: "42" })).toEqual([MESSAGES.invalidId]);
  });
});

// The API declares these and publishes them in its OpenAPI document: they must convert to JSON Schema.
const API_SCHEMAS = {
  AdminProductListSchema,
  AdminProductPatchSchema,
  AdminCampaignListSchema,
  AdminCampaignCreateSchema,
  AdminCampaignPatchSchema,
  AdminVoucherListSchema,
  AdminVoucherCreateSchema,
  AdminVoucherPatchSchema,
  AdminGiftCardListSchema,
  AdminGiftCardCreateSchema,
  AdminGiftCardPatchSchema,
};

describe("API schemas", () => {
  it.each(Object.entries(API_SCHEMAS))("%s converts to JSON Schema for input and output", (_, schema) => {
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(schema, { io }).type).toBeDefined();
    }
  });
});

import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { formatEuroInput, parseEuroAmount } from "../shared/money.ts";
import { byField, messages } from "../shared/schema-messages.test-helpers.ts";
import {
  AmountInputSchema,
  CampaignFormSchema,
  DateInputSchema,
  GiftCardCreateFormSchema,
  giftCardEditFormSchema,
  ProductFormSchema,
  VoucherFormSchema,
} from "./admin-forms.ts";

describe("parseEuroAmount", () => {
  it("reads a comma or a dot as the decimal separator", () => {
    expect(parseEuroAmount("49,90")).toBe(49.9);
    expect(parseEuroAmount("49.90")).toBe(49.9);
    expect(parseEuroAmount("49")).toBe(49);
    expect(parseEuroAmount("0,5")).toBe(0.5);
    expect(parseEuroAmount(" 49,90 € ")).toBe(49.9);
  });

  it("reads Italian thousands separators", () => {
    expect(parseEuroAmount("1.234,50")).toBe(1234.5);
    expect(parseEuroAmount("1.250")).toBe(1250);
    expect(parseEuroAmount("12.345.678")).toBe(12345678);
    expect(parseEuroAmount("1234,5")).toBe(1234.5);
  });

  it("refuses anything else: negatives, three decimals, letters, empty", () => {
    for (const text of [
      "",
      "-5",
      "49,999",
      "4,9,9",
      "abc",
      "1e3",
      "49,",
      ",5",
      "1,234.50",
      "NaN",
      "Infinity",
    ])
      expect(parseEuroAmount(text)).toBeUndefined();
  });

  it("round-trips with formatEuroInput", () => {
    for (const value of [0, 0.5, 49.9, 1234.5, 99999.99]) {
      expect(parseEuroAmount(formatEuroInput(value))).toBe(value);
    }
    expect(formatEuroInput(49.9)).toBe("49,90");
  });
});

describe("form schemas (what the admin types)", () => {
  const product = {
    name: "Takedown",
    description: "Rimozione dei link.",
    price: "99,00",
    discountedPrice: "89.90",
    order: "30",
    active: true,
  };

  it("accepts amounts with a comma or a dot, and checks the discount against the price", () => {
    expect(ProductFormSchema.safeParse(product).success).toBe(true);
    expect(byField(ProductFormSchema, { ...product, discountedPrice: "99,01" })).toEqual({
      discountedPrice: MESSAGES.discountAbovePrice,
    });
    expect(byField(ProductFormSchema, { ...product, price: "99,999", order: "x" })).toEqual({
      price: MESSAGES.invalidAmount,
      order: MESSAGES.orderRange,
    });
    expect(byField(ProductFormSchema, { ...product, price: "" })).toEqual({ price: MESSAGES.required });
    expect(messages(AmountInputSchema, "200.000")).toEqual([MESSAGES.amountTooHigh]);
  });

  it("checks campaign days: the end may be the start day, not before", () => {
    const campaign = {
      code: "SCUDO",
      name: "Scudo",
      sponsor: "Fondazione",
      coveragePercent: "50",
      maxAmount: "",
      budget: "",
      minAmount: "0",
      productCodes: ["DEFENCE"],
      order: "10",
      startsAt: "2027-01-10",
      endsAt: "2027-01-10",
      active: true,
    };
    expect(CampaignFormSchema.safeParse(campaign).success).toBe(true);
    expect(byField(CampaignFormSchema, { ...campaign, endsAt: "2027-01-09" })).toEqual({
      endsAt: MESSAGES.endBeforeStart,
    });
    expect(byField(CampaignFormSchema, { ...campaign, coveragePercent: "150", maxAmount: "abc" })).toEqual({
      coveragePercent: MESSAGES.coverageRange,
      maxAmount: MESSAGES.invalidAmount,
    });
    expect(messages(DateInputSchema, "2027-02-30")).toEqual([MESSAGES.invalidDate]);
    expect(messages(DateInputSchema, "")).toEqual([]);
  });

  it("leaves optional voucher numbers empty, and checks them when filled", () => {
    const voucher = { code: "ESTATE", discountAmount: "", maxUses: "", expiresAt: "", active: true };
    expect(VoucherFormSchema.safeParse(voucher).success).toBe(true);
    expect(byField(VoucherFormSchema, { ...voucher, code: "ES", discountAmount: "101" })).toEqual({
      code: MESSAGES.voucherMinLength,
      discountAmount: MESSAGES.voucherPercentRange,
    });
  });

  it("checks a gift card's amount, promo ceiling and balance", () => {
    const card = { code: "REGALO", promo: "", amount: "200", productCodes: [], expiresAt: "" };
    expect(GiftCardCreateFormSchema.safeParse(card).success).toBe(true);
    expect(byField(GiftCardCreateFormSchema, { ...card, promo: "DIFESA" })).toEqual({
      amount: MESSAGES.promoGiftCardMax,
    });
    expect(byField(GiftCardCreateFormSchema, { ...card, amount: "0" })).toEqual({
      amount: MESSAGES.amountNotPositive,
    });
    const edit = giftCardEditFormSchema(150);
    expect(edit.safeParse({ balance: "150,00", productCodes: [], expiresAt: "" }).success).toBe(true);
    expect(byField(edit, { balance: "150,01", productCodes: [], expiresAt: "" })).toEqual({
      balance: MESSAGES.balanceAboveAmount,
    });
  });
});

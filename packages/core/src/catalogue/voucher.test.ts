import { describe, expect, it } from "vitest";
import { messages } from "../shared/schema-messages.test-helpers.ts";
import {
  couponStatusOrNull,
  VoucherCodeSchema,
  VoucherSchema,
  VoucherVerifyBodySchema,
  voucherPercent,
} from "./voucher.ts";

describe("VoucherCodeSchema", () => {
  it("needs at least 3 characters, after trimming", () => {
    expect(VoucherCodeSchema.parse(" ABC ")).toBe("ABC");
    // Stored codes are uppercase: the same code typed in lowercase is that voucher.
    expect(VoucherCodeSchema.parse(" argine10 ")).toBe("ARGINE10");
    expect(messages(VoucherCodeSchema, "AB")).toEqual(["Il Voucher deve essere almeno 3 caratteri."]);
    expect(messages(VoucherCodeSchema, " AB ")).toEqual(["Il Voucher deve essere almeno 3 caratteri."]);
    expect(messages(VoucherCodeSchema, "")).toEqual(["Campo Obbligatorio"]);
  });

  it("is the voucherCode of the verify body", () => {
    expect(VoucherVerifyBodySchema.parse({ voucherCode: "PROMO10" })).toEqual({ voucherCode: "PROMO10" });
    expect(VoucherVerifyBodySchema.safeParse({ code: "PROMO10" }).success).toBe(false);
  });
});

describe("voucherPercent", () => {
  it("counts a voucher only when flagged valid", () => {
    expect(voucherPercent({ isValid: false, discountAmount: 50 })).toBe(0);
    expect(voucherPercent(null)).toBe(0);
    expect(voucherPercent(undefined)).toBe(0);
    expect(voucherPercent({ isValid: true, discountAmount: 50 })).toBe(50);
  });

  it("defaults to 1 percent when discountAmount is absent", () => {
    expect(voucherPercent({ isValid: true })).toBe(1);
    expect(voucherPercent({ isValid: true, discountAmount: null })).toBe(1);
    expect(voucherPercent({ isValid: true, discountAmount: Number.NaN })).toBe(1);
  });

  it("keeps an explicit 0 and clamps out-of-range values", () => {
    expect(voucherPercent({ isValid: true, discountAmount: 0 })).toBe(0);
    expect(voucherPercent({ isValid: true, discountAmount: 150 })).toBe(100);
    expect(voucherPercent({ isValid: true, discountAmount: -5 })).toBe(0);
  });
});

describe("VoucherSchema", () => {
  it("accepts a result with or without discountAmount and refuses percentages out of range", () => {
    expect(VoucherSchema.parse({ isValid: true })).toEqual({ isValid: true });
    expect(VoucherSchema.safeParse({ isValid: true, discountAmount: 101 }).success).toBe(false);
  });
});

describe("couponStatusOrNull", () => {
  it("treats an empty result as null", () => {
    expect(couponStatusOrNull(null)).toBeNull();
    expect(couponStatusOrNull(undefined)).toBeNull();
    expect(couponStatusOrNull({})).toBeNull();
    expect(couponStatusOrNull({ isValid: false })).toEqual({ isValid: false });
  });
});

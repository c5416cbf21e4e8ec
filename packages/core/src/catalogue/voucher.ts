import { z } from "zod";
import { VOUCHER_CODE_MIN_LENGTH, VOUCHER_DEFAULT_DISCOUNT_PERCENT } from "../shared/constants.ts";
import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";

// Vouchers (spec §3 "Voucher / gift card", §5 "Cart and coupon rules", §9 "Voucher discount").

/**
 * 'Il Voucher deve essere almeno 3 caratteri.' Uppercased as the admin's codes are stored (admin-api.ts): a code
 * typed in lowercase is the same voucher, not a wrong code counted against the hourly limit.
 */
export const VoucherCodeSchema = RequiredStringSchema.toUpperCase().refine(
  (code) => code.length >= VOUCHER_CODE_MIN_LENGTH,
  {
    error: MESSAGES.voucherMinLength,
    ...ifFilled,
  },
);

/** POST /v1/voucher/verify. */
export const VoucherVerifyBodySchema = z.object({ voucherCode: VoucherCodeSchema });
export type VoucherVerifyBody = z.infer<typeof VoucherVerifyBodySchema>;

/** The verification result kept in the cart. discountAmount is a percent of the discounted price. */
export const VoucherSchema = z.object({
  isValid: z.boolean(),
  discountAmount: z.number().min(0).max(100).nullish(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

/**
 * The percent a voucher takes off: 0 unless flagged valid; a valid voucher without discountAmount takes 1
 * (spec §9, literally). Out-of-range values are clamped to 0–100.
 */
export function voucherPercent(voucher: Voucher | null | undefined): number {
  if (!voucher?.isValid) return 0;
  const percent =
    typeof voucher.discountAmount === "number" && Number.isFinite(voucher.discountAmount)
      ? voucher.discountAmount
      : VOUCHER_DEFAULT_DISCOUNT_PERCENT;
  return Math.min(100, Math.max(0, percent));
}

/** An empty coupon or gift-card result (null, undefined, {}) is a null status (spec §5). */
export function couponStatusOrNull<T extends object>(result: T | null | undefined): T | null {
  return result && Object.keys(result).length > 0 ? result : null;
}

import { z } from "zod";
import type { SandboxCard } from "../payments/sandbox-api.ts";
import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { CARD_ERROR_MESSAGES, MESSAGES } from "../shared/messages.ts";

// The card form (spec §2 "Card payment"): number, expiry, CVC and the card's CAP as typed, checked for shape
// only. Whether the card pays is the provider's answer (spec §8): a number that fails the issuer's check
// still goes to it, so its own Italian message is the one shown.

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;
const digitsOf = (text: string) => text.replace(/[\s-]/g, "");

export const CardFormSchema = z
  .object({
    number: RequiredStringSchema.refine((text) => /^\d{12,19}$/.test(digitsOf(text)), {
      error: CARD_ERROR_MESSAGES.invalid_number,
      ...ifFilled,
    }),
    expiry: RequiredStringSchema.refine((text) => EXPIRY.test(text), {
      error: MESSAGES.cardExpiryFormat,
      ...ifFilled,
    }),
    cvc: RequiredStringSchema.refine((text) => /^\d{3,4}$/.test(text), {
      error: CARD_ERROR_MESSAGES.invalid_cvc,
      ...ifFilled,
    }),
    zip: z.string().trim().max(10, { error: CARD_ERROR_MESSAGES.incomplete_zip }).optional(),
  })
  .transform(({ number, expiry, cvc, zip }): SandboxCard => {
    const [, month = "", year = ""] = EXPIRY.exec(expiry) ?? [];
    return {
      number: digitsOf(number),
      expMonth: Number(month),
      expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
      cvc,
      ...(zip ? { zip } : {}),
    };
  });
export type CardForm = z.input<typeof CardFormSchema>;

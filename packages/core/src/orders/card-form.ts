import { z } from "zod";
import type { SandboxCard } from "../payments/sandbox-api.ts";
import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { CARD_ERROR_MESSAGES, MESSAGES } from "../shared/messages.ts";

// The card form (spec §2 "Card payment"): number, expiry, CVC and the card's CAP as typed, checked for shape
// only. Whether the card pays is the provider's answer (spec §8): a number that fails the issuer's check
// still goes to it, so its own Italian message is the one shown.

// MM/YY as people type it: "08/28", "08 / 28", "8/28", "08-28", "0828", "08/2028", "082028". Without a
// separator the month takes two digits, so "1228" is December 2028.
const EXPIRY = /^(?:(0?[1-9]|1[0-2])\s*[/.-]\s*|(0[1-9]|1[0-2]))(\d{2}|\d{4})$/;

/** The expiry as typed, read as its month and four-digit year; null when it is not one. */
export function readCardExpiry(text: string): { month: number; year: number } | null {
  const match = EXPIRY.exec(text.trim());
  if (!match) return null;
  const [, spaced, joined, year = ""] = match;
  return {
    month: Number(spaced ?? joined),
    year: year.length === 2 ? 2000 + Number(year) : Number(year),
  };
}

/** The expiry written as the form asks for it, "08/28"; the text unchanged when it is not one. */
export function normaliseCardExpiry(text: string): string {
  const expiry = readCardExpiry(text);
  return expiry
    ? `${String(expiry.month).padStart(2, "0")}/${String(expiry.year % 100).padStart(2, "0")}`
    : text;
}
const digitsOf = (text: string) => text.replace(/[\s-]/g, "");

export const CardFormSchema = z
  .object({
    number: RequiredStringSchema.refine((text) => /^\d{12,19}$/.test(digitsOf(text)), {
      error: CARD_ERROR_MESSAGES.invalid_number,
      ...ifFilled,
    }),
    expiry: RequiredStringSchema.refine((text) => readCardExpiry(text) !== null, {
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
    const { month, year } = readCardExpiry(expiry) ?? { month: 0, year: 0 };
    return {
      number: digitsOf(number),
      expMonth: month,
      expYear: year,
      cvc,
      ...(zip ? { zip } : {}),
    };
  });
export type CardForm = z.input<typeof CardFormSchema>;

import { ifFilled, RequiredStringSchema } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { isValidCodiceFiscale, normalizeCodiceFiscale } from "./codice-fiscale.ts";
import { isValidPartitaIva, normalizePartitaIva } from "./partita-iva.ts";

// A tax code on billing data: a person's codice fiscale or a business's partita IVA (which is also the
// codice fiscale of companies and of people given a numeric provisional one).

export function isValidTaxCode(value: string): boolean {
  const code = normalizeCodiceFiscale(value);
  return /^\d{11}$/.test(code) ? isValidPartitaIva(code) : isValidCodiceFiscale(code);
}

/** The Italian message for an invalid tax code, or null when valid: 11 digits read as a partita IVA. */
export function taxCodeError(value: string): string | null {
  if (isValidTaxCode(value)) return null;
  return /^\d{11}$/.test(normalizeCodiceFiscale(value)) ? MESSAGES.invalidVatNumber : MESSAGES.invalidTaxCode;
}

export const CodiceFiscaleSchema = RequiredStringSchema.overwrite(normalizeCodiceFiscale).refine(
  isValidCodiceFiscale,
  { error: MESSAGES.invalidTaxCode, ...ifFilled },
);

export const PartitaIvaSchema = RequiredStringSchema.overwrite(normalizePartitaIva).refine(
  isValidPartitaIva,
  {
    error: MESSAGES.invalidVatNumber,
    ...ifFilled,
  },
);

/** Codice fiscale or partita IVA, spaces removed and upper-cased. */
export const TaxCodeSchema = RequiredStringSchema.overwrite(normalizeCodiceFiscale).superRefine(
  (value, ctx) => {
    const error = taxCodeError(value);
    if (error) ctx.addIssue({ code: "custom", message: error, input: value });
  },
  ifFilled,
);

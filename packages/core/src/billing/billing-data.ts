import { z } from "zod";
import {
  ifFilled,
  NO_SPECIAL_CHARS_PATTERN,
  NoSpecialCharsSchema,
  RequiredStringSchema,
} from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";
import { CountryCodeSchema, ITALY, isCountryCode } from "./countries.ts";
import { isProvinceCode } from "./provinces.ts";
import { TaxCodeSchema } from "./tax-code.ts";

// Billing data (spec §3 "Billing data (invoice)"; PATCH /v1/users/me/invoice).

const ADDRESS_MAX_LENGTH = 200;
const CITY_MAX_LENGTH = 100;
const FOREIGN_REGION_MAX_LENGTH = 100;

export const CAP_PATTERN = /^\d{5}$/;
/** Postal codes elsewhere: letters, digits, spaces and hyphens ("SW1A 1AA", "1010", "75001", "K1A-0B1"). */
export const FOREIGN_POSTAL_CODE_PATTERN = /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;

/** An Italian CAP: five digits. */
export const CapSchema = RequiredStringSchema.refine((value) => CAP_PATTERN.test(value), {
  error: MESSAGES.invalidZip,
  ...ifFilled,
});

const maxLength = (max: number) =>
  [(value: string) => value.length <= max, { error: MESSAGES.tooLong, ...ifFilled }] as const;

export const BillingDataSchema = z
  .object({
    taxCode: TaxCodeSchema,
    address: RequiredStringSchema.refine(...maxLength(ADDRESS_MAX_LENGTH)),
    // CAP and province rules depend on the country: checked below.
    zip: z.string({ error: MESSAGES.required }).trim().optional(),
    city: NoSpecialCharsSchema.refine(...maxLength(CITY_MAX_LENGTH)),
    province: z.string({ error: MESSAGES.required }).trim().toUpperCase().optional(),
    country: CountryCodeSchema,
  })
  .superRefine(
    (data, ctx) => {
      const zip = data.zip ?? "";
      const province = data.province ?? "";
      const issue = (path: "zip" | "province", message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message, input: data[path] });

      if (data.country === ITALY) {
        if (zip === "") issue("zip", MESSAGES.required);
        else if (!CAP_PATTERN.test(zip)) issue("zip", MESSAGES.invalidZip);
        // Province is required only for an Italian address.
        if (province === "") issue("province", MESSAGES.required);
        else if (!isProvinceCode(province)) issue("province", MESSAGES.invalidProvince);
        return;
      }
      if (zip !== "" && !FOREIGN_POSTAL_CODE_PATTERN.test(zip)) issue("zip", MESSAGES.invalidPostalCode);
      if (province.length > FOREIGN_REGION_MAX_LENGTH) issue("province", MESSAGES.tooLong);
      else if (!NO_SPECIAL_CHARS_PATTERN.test(province)) issue("province", MESSAGES.specialCharacters);
    },
    {
      // Runs even while other fields are in error, so the form shows every problem at once.
      // Only on a country it knows and on text (a number for the province is its own field's type error).
      when: (payload) => {
        const value = payload.value as { country?: unknown; zip?: unknown; province?: unknown } | undefined;
        const text = (v: unknown) => v === undefined || typeof v === "string";
        return (
          typeof value?.country === "string" &&
          isCountryCode(value.country) &&
          text(value.zip) &&
          text(value.province)
        );
      },
    },
  );
export type BillingData = z.infer<typeof BillingDataSchema>;

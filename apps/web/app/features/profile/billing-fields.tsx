import type { BillingData } from "@argine/core/billing/billing-data";
import { COUNTRY_CODES, countryName, ITALY } from "@argine/core/billing/countries";
import { PROVINCE } from "@argine/core/billing/provinces";
import formStyles from "../../shared/ui/form.module.css";
import {
  CodeField,
  type FieldBinding,
  SelectField,
  type SelectOption,
  TextField,
} from "../../shared/ui/form-field.tsx";

// The billing data's fields (spec §3 "Billing data (invoice)"), checked by core's BillingDataSchema (CAP and
// province rules follow the country): the profile's billing page and the checkout show the same fields.

export interface BillingFormValues {
  taxCode: string;
  address: string;
  zip: string;
  city: string;
  province: string;
  country: string;
}

export type BillingField = keyof BillingFormValues;

export const BILLING_FIELDS = ["taxCode", "address", "zip", "city", "province", "country"] as const;

/** Each field's label, for an error summary. */
export const BILLING_LABELS: Record<BillingField, string> = {
  taxCode: "Codice fiscale o partita IVA",
  address: "Indirizzo",
  zip: "CAP",
  city: "Città",
  province: "Provincia",
  country: "Paese",
};

const collator = new Intl.Collator("it");

/** Italy first, then every country by its Italian name. */
export const COUNTRY_OPTIONS: readonly SelectOption[] = [
  { value: ITALY, label: countryName(ITALY) },
  ...COUNTRY_CODES.filter((code) => code !== ITALY)
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => collator.compare(a.label, b.label)),
];

/** The sigle with their names, by name: "Milano (MI)". */
export const PROVINCE_OPTIONS: readonly SelectOption[] = PROVINCE.values
  .map((code) => ({
    value: code,
    label: `${PROVINCE.labels[code]} (${code})`,
  }))
  .sort((a, b) => collator.compare(a.label, b.label));

/** The form's values for the stored billing data (empty, in Italy, when there is none). */
export function billingValues(invoice: BillingData | null | undefined): BillingFormValues {
  return {
    taxCode: invoice?.taxCode ?? "",
    address: invoice?.address ?? "",
    zip: invoice?.zip ?? "",
    city: invoice?.city ?? "",
    province: invoice?.province ?? "",
    country: invoice?.country ?? ITALY,
  };
}

/**
 * The six fields inside any form of the form layer: `field` binds one of them (useCheckedForm's `field`, under
 * the form's own path), `country` is the country chosen, `clearProvince` empties the province when it changes
 * (the province of one country means nothing in another).
 */
export function BillingFields({
  field,
  country,
  clearProvince,
}: {
  field: (name: BillingField, rules?: { onChange: () => void }) => FieldBinding;
  country: string;
  clearProvince: () => void;
}) {
  const italy = country === ITALY;
  return (
    <>
      <CodeField
        label={BILLING_LABELS.taxCode}
        hint="Il tuo codice fiscale (16 caratteri) oppure la partita IVA (11 cifre) se la fattura va a un'attività."
        required
        {...field("taxCode")}
      />
      <SelectField
        label={BILLING_LABELS.country}
        autoComplete="country"
        required
        options={COUNTRY_OPTIONS}
        {...field("country", { onChange: clearProvince })}
      />
      <TextField
        label={BILLING_LABELS.address}
        autoComplete="street-address"
        hint="Via o piazza e numero civico."
        required
        {...field("address")}
      />
      <div className={formStyles.row}>
        <TextField
          label={italy ? "CAP" : "Codice postale (facoltativo)"}
          autoComplete="postal-code"
          inputMode={italy ? "numeric" : "text"}
          maxLength={italy ? 5 : 10}
          required={italy}
          {...field("zip")}
        />
        <TextField label={BILLING_LABELS.city} autoComplete="address-level2" required {...field("city")} />
      </div>
      {italy ? (
        <SelectField
          label={BILLING_LABELS.province}
          autoComplete="address-level1"
          required
          placeholder="Scegli la provincia"
          options={PROVINCE_OPTIONS}
          {...field("province")}
        />
      ) : (
        <TextField
          label="Provincia, regione o stato (facoltativo)"
          autoComplete="address-level1"
          {...field("province")}
        />
      )}
    </>
  );
}

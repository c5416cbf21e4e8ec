import type { Me } from "@argine/core/identity/users-api";
import { type BillingData, BillingDataSchema } from "@argine/core/invoice/billing-data";
import { COUNTRY_CODES, countryName, ITALY } from "@argine/core/invoice/countries";
import { PROVINCE } from "@argine/core/invoice/provinces";
import { useQueryClient } from "@tanstack/react-query";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import formStyles from "../../shared/ui/form.module.css";
import {
  FormEnd,
  FormMessage,
  RequiredNote,
  SelectField,
  type SelectOption,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { ME_QUERY_KEY, userFromMe } from "../auth/public.ts";
import { updateBillingData } from "./me-api.ts";
import { MeLoader } from "./me-loader.tsx";
import styles from "./profile.module.css";
import { ProfilePanel } from "./profile-panel.tsx";

// /dashboard/profile/invoice (spec §2, §3 "Billing data"): tax code (codice fiscale or partita IVA), address,
// CAP, city, province and country, validated by core's BillingDataSchema (CAP and province rules follow the
// country).

interface BillingFormValues {
  taxCode: string;
  address: string;
  zip: string;
  city: string;
  province: string;
  country: string;
}

const FIELDS = ["taxCode", "address", "zip", "city", "province", "country"] as const;

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

function billingValues(invoice: BillingData | null): BillingFormValues {
  return {
    taxCode: invoice?.taxCode ?? "",
    address: invoice?.address ?? "",
    zip: invoice?.zip ?? "",
    city: invoice?.city ?? "",
    province: invoice?.province ?? "",
    country: invoice?.country ?? ITALY,
  };
}

export function InvoicePage() {
  return (
    <>
      <h1 className={styles.title}>Dati di fatturazione</h1>
      <p className={styles.intro}>
        Servono per intestarti le fatture dei servizi che acquisti. Puoi cambiarli quando vuoi: valgono per
        gli acquisti successivi.
      </p>
      <MeLoader>
        {(me) => (
          <ProfilePanel title="Intestazione delle fatture">
            <BillingForm me={me} />
          </ProfilePanel>
        )}
      </MeLoader>
    </>
  );
}

export function BillingForm({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const appState = useAppStateStore();
  const billing = useCheckedForm({
    resolver: schemaResolver<BillingFormValues, BillingData>(BillingDataSchema),
    defaultValues: billingValues(me.invoice),
    fieldNames: FIELDS,
    focusOnInvalid: "field",
    send: updateBillingData,
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_QUERY_KEY, updated);
      appState.updateUser(userFromMe(updated));
      billing.form.reset(billingValues(updated.invoice));
    },
  });
  const italy = billing.form.watch("country") === ITALY;

  return (
    <form className={formStyles.form} noValidate onSubmit={billing.onSubmit}>
      <RequiredNote />
      {billing.submit.error && !billing.issuesPlaced ? (
        <FormMessage tone="error">{billing.submit.error.message}</FormMessage>
      ) : null}
      <TextField
        label="Codice fiscale o partita IVA"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        hint="Il tuo codice fiscale (16 caratteri) oppure la partita IVA (11 cifre) se la fattura va a un'attività."
        required
        {...billing.field("taxCode")}
      />
      <SelectField
        label="Paese"
        autoComplete="country"
        required
        options={COUNTRY_OPTIONS}
        {...billing.field("country", {
          // The province of one country means nothing in another.
          onChange: () => billing.form.setValue("province", ""),
        })}
      />
      <TextField
        label="Indirizzo"
        autoComplete="street-address"
        hint="Via o piazza e numero civico."
        required
        {...billing.field("address")}
      />
      <div className={formStyles.row}>
        <TextField
          label={italy ? "CAP" : "Codice postale (facoltativo)"}
          autoComplete="postal-code"
          inputMode={italy ? "numeric" : "text"}
          maxLength={italy ? 5 : 10}
          required={italy}
          {...billing.field("zip")}
        />
        <TextField label="Città" autoComplete="address-level2" required {...billing.field("city")} />
      </div>
      {italy ? (
        <SelectField
          label="Provincia"
          autoComplete="address-level1"
          required
          placeholder="Scegli la provincia"
          options={PROVINCE_OPTIONS}
          {...billing.field("province")}
        />
      ) : (
        <TextField
          label="Provincia, regione o stato (facoltativo)"
          autoComplete="address-level1"
          {...billing.field("province")}
        />
      )}
      <FormEnd
        form={billing}
        label="Salva i dati di fatturazione"
        savedMessage="I dati di fatturazione sono stati salvati."
      />
    </form>
  );
}

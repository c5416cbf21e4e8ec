import { type BillingData, BillingDataSchema } from "@argine/core/billing/billing-data";
import type { Me } from "@argine/core/identity/users-api";
import formStyles from "../../shared/ui/form.module.css";
import { FormEnd, FormMessage, RequiredNote } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { BILLING_FIELDS, BillingFields, type BillingFormValues, billingValues } from "./billing-fields.tsx";
import { MeLoader } from "./me-loader.tsx";
import styles from "./profile.module.css";
import { ProfilePanel } from "./profile-panel.tsx";
import { useUpdateBillingData } from "./profile-queries.ts";

// /dashboard/profile/invoice (spec §2, §3 "Billing data"): the billing fields (billing-fields.tsx), saved with
// PATCH /v1/users/me/invoice.

export function BillingPage() {
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
  const updateBillingData = useUpdateBillingData();
  const billing = useCheckedForm({
    resolver: schemaResolver<BillingFormValues, BillingData>(BillingDataSchema),
    defaultValues: billingValues(me.invoice),
    fieldNames: BILLING_FIELDS,
    focusOnInvalid: "field",
    send: updateBillingData.mutateAsync,
    onSuccess: (updated) => {
      billing.form.reset(billingValues(updated.invoice));
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={billing.onSubmit}>
      <RequiredNote />
      {billing.submit.error && !billing.issuesPlaced ? (
        <FormMessage tone="error">{billing.submit.error.message}</FormMessage>
      ) : null}
      <BillingFields
        field={billing.field}
        country={billing.form.watch("country")}
        clearProvince={() => billing.form.setValue("province", "")}
      />
      <FormEnd
        form={billing}
        label="Salva i dati di fatturazione"
        savedMessage="I dati di fatturazione sono stati salvati."
      />
    </form>
  );
}

// What the other features may use of profile (docs/architecture.md, web part: features meet through public.ts).
export {
  BILLING_FIELDS,
  BILLING_LABELS,
  type BillingField,
  BillingFields,
  type BillingFormValues,
  billingValues,
} from "./billing-fields.tsx";

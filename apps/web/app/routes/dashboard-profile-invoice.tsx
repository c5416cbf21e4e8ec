import { BillingPage } from "../features/profile/billing-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-profile-invoice";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Dati di fatturazione",
    description: "I dati per le tue fatture.",
    path: "/dashboard/profile/invoice",
    noindex: true,
  });
}

export default function DashboardProfileInvoice() {
  return <BillingPage />;
}

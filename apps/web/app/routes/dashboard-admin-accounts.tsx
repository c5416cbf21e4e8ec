import { AdminAccountsPage } from "../features/invoice/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-accounts";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Contabilità",
    description:
      "Fatture, note di credito, ordini e pagamenti di un periodo, con i file per il commercialista.",
    path: "/dashboard/admin/accounts",
    noindex: true,
  });
}

export default function DashboardAdminAccounts() {
  return <AdminAccountsPage />;
}

import { AuditPage } from "../features/audit/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-audit";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Registro delle azioni",
    description: "Il registro delle azioni dello staff, con i filtri.",
    path: "/dashboard/admin/audit",
    noindex: true,
  });
}

export default function DashboardAdminAudit() {
  return <AuditPage />;
}

import { AdminLayout } from "../features/admin/admin-layout.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Amministrazione",
    description: "L'area di amministrazione di Argine.",
    path: "/dashboard/admin",
    noindex: true,
  });
}

export default function DashboardAdmin() {
  return <AdminLayout />;
}

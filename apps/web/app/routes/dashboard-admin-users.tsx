import { pageMeta } from "../features/seo/page-meta.ts";
import { AdminUsersPage } from "../features/users/public.ts";
import type { Route } from "./+types/dashboard-admin-users";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Utenti e ruoli",
    description: "Gli utenti di Argine e i loro ruoli.",
    path: "/dashboard/admin",
    noindex: true,
  });
}

export default function DashboardAdminUsers() {
  return <AdminUsersPage />;
}

import { AdminRequestsPage } from "../features/outreach/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-requests";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Richieste dal sito",
    description: "Iscritti alla newsletter, richieste di collaborazione e idee inviate dal sito.",
    path: "/dashboard/admin/requests",
    noindex: true,
  });
}

export default function DashboardAdminRequests() {
  return <AdminRequestsPage />;
}

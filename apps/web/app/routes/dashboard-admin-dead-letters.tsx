import { AdminDeadLettersPage } from "../features/jobs/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-dead-letters";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Invii non riusciti",
    description: "Le email che non sono partite dopo ogni tentativo, con il motivo, da rimettere in coda.",
    path: "/dashboard/admin/dead-letters",
    noindex: true,
  });
}

export default function DashboardAdminDeadLetters() {
  return <AdminDeadLettersPage />;
}

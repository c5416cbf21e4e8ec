import { AdminPreviewPage } from "../features/content/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-preview";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Anteprima dei contenuti",
    description: "L'anteprima di una pagina del sito scritta in Markdown, prima di pubblicarla.",
    path: "/dashboard/admin/preview",
    noindex: true,
  });
}

export default function DashboardAdminPreview() {
  return <AdminPreviewPage />;
}

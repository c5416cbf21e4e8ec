import { AdminPreviewPage } from "../features/admin/admin-preview-page.tsx";
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

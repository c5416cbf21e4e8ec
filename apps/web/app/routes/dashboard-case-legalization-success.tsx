import { LegalizationSuccessPage } from "../features/practices/case-outcome-pages.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-case-legalization-success";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Legalizzazione completata",
    description: "La legalizzazione è completata.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  return <LegalizationSuccessPage />;
}

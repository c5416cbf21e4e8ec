import { SectionUnavailablePage } from "../features/dashboard/section-unavailable-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-unavailable";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Area personale",
    description: "L'area riservata in cui segui le tue pratiche.",
    path: "/dashboard",
    noindex: true,
  });
}

export default function DashboardUnavailable() {
  return <SectionUnavailablePage />;
}

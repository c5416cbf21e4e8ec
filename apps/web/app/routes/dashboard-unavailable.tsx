import { dashboardMeta } from "../features/dashboard/dashboard-meta.ts";
import { SectionUnavailablePage } from "../features/dashboard/section-unavailable-page.tsx";
import type { Route } from "./+types/dashboard-unavailable";

export const meta: Route.MetaFunction = dashboardMeta;

export default function DashboardUnavailable() {
  return <SectionUnavailablePage />;
}

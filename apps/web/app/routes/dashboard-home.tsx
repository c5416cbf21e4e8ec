import { DashboardHomePage } from "../features/dashboard/dashboard-home-page.tsx";
import { dashboardMeta } from "../features/dashboard/dashboard-meta.ts";
import type { Route } from "./+types/dashboard-home";

export const meta: Route.MetaFunction = dashboardMeta;

export default function DashboardHome() {
  return <DashboardHomePage />;
}

import { DashboardLayout } from "../features/dashboard/dashboard-layout.tsx";
import { dashboardMeta } from "../features/dashboard/dashboard-meta.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = dashboardMeta;

export default function Dashboard() {
  return <DashboardLayout />;
}

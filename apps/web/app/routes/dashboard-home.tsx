import { lazy } from "react";
import { DashboardHomePage } from "../features/dashboard/dashboard-home-page.tsx";
import { dashboardMeta } from "../features/dashboard/dashboard-meta.ts";
import type { Route } from "./+types/dashboard-home";

export const meta: Route.MetaFunction = dashboardMeta;

// Each role's part is its own entry, so the build makes separate chunks of them and a client never
// downloads the staff's code, nor the staff the client's (issue 41).
const ROLE_PARTS = {
  client: lazy(() => import("../features/practices/client-dashboard.tsx")),
  staff: lazy(() => import("../features/practices/staff-dashboard.tsx")),
};

export default function DashboardHome() {
  return <DashboardHomePage parts={ROLE_PARTS} />;
}

import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode } from "react";
import { DashboardHomePage, type RolePart } from "../features/dashboard/dashboard-home-page.tsx";
import { dashboardMeta } from "../features/dashboard/dashboard-meta.ts";
import type { Route } from "./+types/dashboard-home";

export const meta: Route.MetaFunction = dashboardMeta;

type RoleModule = {
  default: ComponentType<{ children: ReactNode }>;
  prefetch: (queryClient: QueryClient) => void;
};

/**
 * A role's part: its component, loaded when first rendered, and its lists, asked for as soon as its code
 * arrives. React shows the part at the earliest 300 ms after the page showed its placeholder (it reveals
 * suspended content in batches); the lists no longer wait for that to start.
 */
function rolePart(load: () => Promise<RoleModule>): RolePart {
  return {
    Part: lazy(load),
    prefetch: (queryClient) => {
      // A chunk that cannot load is the part's own failure to show; nothing to add here.
      load().then(
        (module) => module.prefetch(queryClient),
        () => {},
      );
    },
  };
}

// Each role's part is its own entry, so the build makes separate chunks of them and a client never
// downloads the staff's code, nor the staff the client's (issue 41).
const ROLE_PARTS = {
  client: rolePart(() => import("../features/practices/client-dashboard.tsx")),
  staff: rolePart(() => import("../features/practices/staff-dashboard.tsx")),
};

export default function DashboardHome() {
  return <DashboardHomePage parts={ROLE_PARTS} />;
}

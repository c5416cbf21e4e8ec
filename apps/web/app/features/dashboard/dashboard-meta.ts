import { pageMeta } from "../seo/public.ts";

/** The meta of /dashboard and of its pages that have none of their own (home, sections not ready yet). */
export function dashboardMeta() {
  return pageMeta({
    title: "Area personale",
    description: "L'area riservata in cui segui le tue pratiche.",
    path: "/dashboard",
    noindex: true,
  });
}

import { AdminCampaignsPage } from "../features/catalogue/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-campaigns";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Campagne sponsorizzate",
    description: "Le campagne sponsorizzate.",
    path: "/dashboard/admin/campaigns",
    noindex: true,
  });
}

export default function DashboardAdminCampaigns() {
  return <AdminCampaignsPage />;
}

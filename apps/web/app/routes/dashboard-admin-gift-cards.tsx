import { AdminGiftCardsPage } from "../features/catalogue/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-gift-cards";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Gift card",
    description: "Le gift card.",
    path: "/dashboard/admin/gift-cards",
    noindex: true,
  });
}

export default function DashboardAdminGiftCards() {
  return <AdminGiftCardsPage />;
}

import { AdminVouchersPage } from "../features/catalogue/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-vouchers";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Voucher",
    description: "I voucher di sconto.",
    path: "/dashboard/admin/vouchers",
    noindex: true,
  });
}

export default function DashboardAdminVouchers() {
  return <AdminVouchersPage />;
}

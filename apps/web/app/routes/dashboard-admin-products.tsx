import { AdminProductsPage } from "../features/catalogue/public.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-admin-products";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Prodotti e prezzi",
    description: "Il catalogo dei servizi e i loro prezzi.",
    path: "/dashboard/admin/products",
    noindex: true,
  });
}

export default function DashboardAdminProducts() {
  return <AdminProductsPage />;
}

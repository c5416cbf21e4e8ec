import { OrdersPage } from "../features/orders/orders-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-orders";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "I tuoi ordini",
    description: "I servizi che hai acquistato.",
    path: "/dashboard/orders",
    noindex: true,
  });
}

export default function Page() {
  return <OrdersPage />;
}

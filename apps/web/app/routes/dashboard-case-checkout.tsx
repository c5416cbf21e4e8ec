import { CheckoutPage } from "../features/orders/checkout-page.tsx";
import { useCase } from "../features/practices/case-area.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-case-checkout";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Riepilogo dell'acquisto",
    description: "I servizi scelti, il totale e il pagamento.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  const { practice, staff } = useCase();
  return <CheckoutPage practice={practice} staff={staff} />;
}

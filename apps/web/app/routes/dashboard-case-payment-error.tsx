import { PaymentErrorPage } from "../features/orders/payment-outcome-pages.tsx";
import { useCase } from "../features/practices/case-area.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-case-payment-error";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Pagamento non riuscito",
    description: "Il pagamento non è andato a buon fine.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  const { practice } = useCase();
  return <PaymentErrorPage practice={practice} />;
}

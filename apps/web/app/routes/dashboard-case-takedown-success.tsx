import { TakedownSuccessPage } from "../features/practices/case-outcome-pages.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-case-takedown-success";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Rimozione richiesta",
    description: "La richiesta di rimozione è stata presa in carico.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  return <TakedownSuccessPage />;
}

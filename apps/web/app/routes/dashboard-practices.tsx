import { PracticesPage } from "../features/practices/practices-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-practices";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Le pratiche",
    description: "Le pratiche e il loro stato.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  return <PracticesPage />;
}

import { CaseArea } from "../features/practices/case-area.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-case";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "La pratica",
    description: "La pagina della pratica.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  return <CaseArea />;
}

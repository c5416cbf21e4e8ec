import { ConsultationAgendaPage } from "../features/consultation/agenda-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-consultations";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Consulenze",
    description: "L'agenda delle consulenze gratuite e gli orari in cui il team le offre.",
    path: "/dashboard/consultations",
    noindex: true,
  });
}

export default function Page() {
  return <ConsultationAgendaPage />;
}

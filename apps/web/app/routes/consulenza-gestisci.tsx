import { ManageConsultationPage } from "../features/consultation/manage-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/consulenza-gestisci";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "La tua consulenza",
    description: "Sposta o annulla la consulenza gratuita che hai prenotato con il team di Argine.",
    path: "/consulenza/gestisci",
    noindex: true,
  });
}

export default function ConsulenzaGestisci() {
  return <ManageConsultationPage />;
}

import { ConsultationPage } from "../features/consultation/consultation-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/consulenza";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Consulenza gratuita con un avvocato",
    description:
      "Prenota una consulenza gratuita e senza impegno di 30 minuti con un avvocato del team di Argine, in videochiamata o al telefono: scegli tu il giorno e l'orario.",
    path: "/consulenza",
  });
}

export default function Consulenza() {
  return <ConsultationPage />;
}

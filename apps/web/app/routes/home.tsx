import { HomePage } from "../features/home/home-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { legalServiceData } from "../features/seo/structured-data.ts";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Argine — Difesa legale per chi subisce abusi online",
    description:
      "Stalking, diffamazione, revenge porn, sextortion, cyberbullismo, odio online: con il questionario gratuito ricevi in pochi minuti una prima valutazione orientativa del tuo caso e scopri come difenderti.",
    path: "/",
    structuredData: [legalServiceData()],
  });
}

export default function Home() {
  return <HomePage />;
}

import { NotFoundPage } from "../features/not-found/not-found-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/catch-all";

// /404 and any path no route matches.
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Pagina non trovata",
    description: "La pagina che cercavi non esiste o è stata spostata.",
    path: "/404",
    noindex: true,
  });
}

export default function CatchAll() {
  return <NotFoundPage />;
}

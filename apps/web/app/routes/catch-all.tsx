import { legacyRedirect } from "@argine/core/shared/site-redirects";
import { Navigate, useLocation } from "react-router";
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
  const location = useLocation();
  // A link inside the app to one of the spec's other spellings: the server would answer 301, so does this.
  const canonical = legacyRedirect(location.pathname);
  if (canonical) return <Navigate to={{ pathname: canonical, search: location.search }} replace />;
  return <NotFoundPage />;
}

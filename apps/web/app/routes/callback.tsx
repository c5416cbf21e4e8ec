import { CallbackPage } from "../features/identity/callback-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/callback";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Accesso in corso",
    description: "Stiamo completando l'accesso al tuo account.",
    path: "/callback",
    noindex: true,
  });
}

export default function Callback() {
  return <CallbackPage />;
}

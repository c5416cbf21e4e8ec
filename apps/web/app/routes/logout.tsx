import { LogoutPage } from "../features/identity/logout-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/logout";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Esci",
    description: "Uscita dal tuo account.",
    path: "/logout",
    noindex: true,
  });
}

export default function Logout() {
  return <LogoutPage />;
}

import { UnlockPage } from "../features/identity/unlock-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account-unlock";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Accesso al tuo account",
    description: "Sblocca l'accesso al tuo account con il link ricevuto per email.",
    path: "/account/unlock",
    noindex: true,
  });
}

export default function AccountUnlock() {
  return <UnlockPage />;
}

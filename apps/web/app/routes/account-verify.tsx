import { VerifyPage } from "../features/identity/verify-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account-verify";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Conferma dell'email",
    description: "Conferma l'indirizzo email del tuo account.",
    path: "/account/verify",
    noindex: true,
  });
}

export default function AccountVerify() {
  return <VerifyPage />;
}

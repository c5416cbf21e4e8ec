import { ResetPage } from "../features/identity/reset-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account-reset";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Recupera la password",
    description: "Ricevi un link per scegliere una nuova password.",
    path: "/account/reset",
    noindex: true,
  });
}

export default function AccountReset() {
  return <ResetPage />;
}

import { AccountIndexPage } from "../features/identity/account-index-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Il tuo account",
    description: "Accedi al tuo account o alla tua area personale.",
    path: "/account",
    noindex: true,
  });
}

export default function Account() {
  return <AccountIndexPage />;
}

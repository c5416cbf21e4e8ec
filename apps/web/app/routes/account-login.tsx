import { LoginPage } from "../features/identity/login-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account-login";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Accedi",
    description: "Accedi alla tua area personale per seguire le tue pratiche.",
    path: "/account/login",
    noindex: true,
  });
}

export default function AccountLogin() {
  return <LoginPage />;
}

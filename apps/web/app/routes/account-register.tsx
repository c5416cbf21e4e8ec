import { RegisterPage } from "../features/identity/register-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/account-register";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Crea il tuo account",
    description: "Registrati per aprire una pratica e scegliere i servizi di difesa.",
    path: "/account/register",
    noindex: true,
  });
}

export default function AccountRegister() {
  return <RegisterPage />;
}

import { NewsletterConfirmPage } from "../features/outreach/newsletter-confirm-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/newsletter-confirm";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Conferma dell'iscrizione alla newsletter",
    description: "Conferma l'iscrizione alla newsletter di Argine.",
    path: "/newsletter/confirm",
    noindex: true,
  });
}

export default function NewsletterConfirm() {
  return <NewsletterConfirmPage />;
}

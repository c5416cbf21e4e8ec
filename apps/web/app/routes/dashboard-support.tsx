import { pageMeta } from "../features/seo/page-meta.ts";
import { SupportInboxPage } from "../features/support/support-inbox-page.tsx";
import type { Route } from "./+types/dashboard-support";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Assistenza",
    description: "Le conversazioni della chat di assistenza, prima quelle in attesa di risposta.",
    path: "/dashboard/support",
    noindex: true,
  });
}

export default function Page() {
  return <SupportInboxPage />;
}

import { MailboxPage } from "../features/dev-mailbox/mailbox-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dev-mailbox";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Casella email di prova",
    description: "Le email inviate in modalità demo.",
    path: "/dev/mailbox",
    noindex: true,
  });
}

export default function DevMailbox() {
  return <MailboxPage />;
}

import { pageMeta } from "../features/seo/page-meta.ts";
import { ServiceQueuePage } from "../features/service-queue/service-queue-page.tsx";
import type { Route } from "./+types/dashboard-services";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Lavori da fare",
    description: "I servizi pagati che aspettano il lavoro del team legale.",
    path: "/dashboard/services",
    noindex: true,
  });
}

export default function Page() {
  return <ServiceQueuePage />;
}

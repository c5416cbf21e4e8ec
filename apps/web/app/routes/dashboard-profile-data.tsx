import { OwnDataPage } from "../features/profile/own-data-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-profile-data";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "I tuoi dati personali",
    description: "Scarica una copia dei tuoi dati, o elimina il tuo account.",
    path: "/dashboard/profile/data",
    noindex: true,
  });
}

export default function DashboardProfileData() {
  return <OwnDataPage />;
}

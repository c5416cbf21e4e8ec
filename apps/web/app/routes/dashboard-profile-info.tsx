import { ProfileInfoPage } from "../features/profile/profile-info-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-profile-info";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "I tuoi dati",
    description: "I tuoi dati personali e la password.",
    path: "/dashboard/profile/info",
    noindex: true,
  });
}

export default function DashboardProfileInfo() {
  return <ProfileInfoPage />;
}

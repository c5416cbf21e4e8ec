import { DiaryCaseSection } from "../features/diary/public.ts";
import { PracticeOrdersPanel, ServicePicker } from "../features/orders/public.ts";
import { CasePage } from "../features/practices/case-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import { StaffServiceControls } from "../features/service-queue/public.ts";
import type { Route } from "./+types/dashboard-case-home";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "La pratica",
    description: "La pagina della pratica: feedback, servizi e messaggi.",
    path: "/dashboard/practices",
    noindex: true,
  });
}

export default function Page() {
  return (
    <CasePage
      ServicePicker={ServicePicker}
      StaffOrders={PracticeOrdersPanel}
      ServiceControls={StaffServiceControls}
      DiarySection={DiaryCaseSection}
    />
  );
}

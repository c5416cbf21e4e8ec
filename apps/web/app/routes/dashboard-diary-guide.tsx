import { ComplaintGuidePage } from "../features/diary/complaint-guide-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-diary-guide";

// The page's title never carries what she wrote or an attachment's name (issue 40).
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Come presentare la querela",
    description: "Dove andare, come si fa, che cosa portare ed entro quando.",
    path: "/dashboard/diary/querela",
    noindex: true,
  });
}

export default function Page() {
  return <ComplaintGuidePage />;
}

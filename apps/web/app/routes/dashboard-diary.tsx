import { DiaryPage } from "../features/diary/diary-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-diary";

// The page's title never carries what she wrote or an attachment's name (issue 40).
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Diario degli episodi",
    description: "Il tuo diario privato degli episodi, sigillati con una marca temporale.",
    path: "/dashboard/diary",
    noindex: true,
  });
}

export default function Page() {
  return <DiaryPage />;
}

import { NewEntryPage } from "../features/diary/new-entry-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-diary-new";

// The page's title never carries what she wrote or an attachment's name (issue 40).
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Nuovo episodio",
    description: "Annota un nuovo episodio nel tuo diario privato.",
    path: "/dashboard/diary/nuovo",
    noindex: true,
  });
}

export default function Page() {
  return <NewEntryPage />;
}

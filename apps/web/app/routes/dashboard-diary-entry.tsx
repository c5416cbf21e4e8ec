import { EntryPage } from "../features/diary/entry-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/dashboard-diary-entry";

// The page's title never carries what she wrote or an attachment's name (issue 40).
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Episodio del diario",
    description: "Un episodio del tuo diario privato, con le sue versioni e i suoi sigilli.",
    path: "/dashboard/diary",
    noindex: true,
  });
}

export default function Page() {
  return <EntryPage />;
}

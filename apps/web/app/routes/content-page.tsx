import { lazy, Suspense } from "react";
import { data } from "react-router";
import { loadContentPage } from "../features/content/content.server.ts";
import { ContentView } from "../features/content/content-view.tsx";
import { loadPageData } from "../features/content/page-data.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { contentStructuredData } from "../features/seo/structured-data.ts";
import type { Route } from "./+types/content-page";

// Every Markdown page of app/content-pages.ts. The loader runs at build time while the page is prerendered;
// client navigations read the same data from the page's `.data` file, retried as spec §8 asks.

export function loader({ request }: Route.LoaderArgs) {
  const page = loadContentPage(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadPageData(serverLoader);
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    path: loaderData.path,
    type: loaderData.template === "article" ? "article" : "website",
    structuredData: contentStructuredData(loaderData),
  });
}

// The pages that collect something carry their form below the text; the forms (and the validation library)
// load only on those pages.
const IdeaForm = lazy(() =>
  import("../features/outreach/idea-form.tsx").then((module) => ({ default: module.IdeaForm })),
);
const PartnershipForm = lazy(() =>
  import("../features/outreach/partnership-form.tsx").then((module) => ({ default: module.PartnershipForm })),
);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const Form =
    loaderData.template === "ideas"
      ? IdeaForm
      : loaderData.template === "partnership"
        ? PartnershipForm
        : null;
  return (
    <ContentView
      page={loaderData}
      form={
        Form ? (
          <Suspense fallback={null}>
            <Form />
          </Suspense>
        ) : null
      }
    />
  );
}

import { CONTENT_PAGES, type ContentPage, childPages, contentFile } from "../../content-pages.ts";
import type { ContentPageData } from "./content-types.ts";
import { buildPageData, parseFrontmatter } from "./markdown.ts";

// Build-time only (a `.server` module never reaches the browser): the route loader runs while the pages are
// prerendered, reads the Markdown bundled here, and its result is written into each page's HTML and its
// `.data` file for client navigations.

const SOURCES = import.meta.glob<string>("../../../content/**/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

function sourceOf(page: ContentPage): { source: string; file: string } {
  const file = contentFile(page);
  const source = SOURCES[`../../../content/${file}`];
  if (source === undefined) throw new Error(`content/${file}: file mancante per ${page.path}`);
  return { source, file };
}

/** Everything a content page shows; null when the path has no Markdown page. */
export function loadContentPage(path: string): ContentPageData | null {
  const normalized = path.replace(/\/+$/, "") || "/";
  const page = CONTENT_PAGES.find((candidate) => candidate.path === normalized);
  if (!page) return null;
  const children =
    page.template === "index"
      ? childPages(page.path).map((child) => {
          const { source, file } = sourceOf(child);
          const { meta } = parseFrontmatter(source, file);
          return {
            path: child.path,
            heading: meta.heading ?? "",
            summary: meta.summary ?? "",
            published: meta.published ?? null,
          };
        })
      : [];
  const { source, file } = sourceOf(page);
  return buildPageData(page, source, file, children);
}

import { type ContentPage, contentFile } from "../../content-pages.ts";

// The Markdown of each content page as the build bundled it (the repository's apps/web/content), for the
// editors' preview. Each file is its own small chunk, fetched only when an admin picks its page: public
// pages never load it (they get their HTML prerendered, content.server.ts).

const SOURCES = import.meta.glob<string>("../../../content/**/*.md", { query: "?raw", import: "default" });

/** The current Markdown of a page, frontmatter included. */
export async function loadContentSource(page: ContentPage): Promise<string> {
  const file = contentFile(page);
  const load = SOURCES[`../../../content/${file}`];
  if (!load) throw new Error(`content/${file}: file mancante per ${page.path}`);
  return load();
}

// The public pages whose text lives in Markdown under apps/web/content/ (spec §2 "Public routes"). One list
// feeds the route table (routes.ts), the prerender list, the sitemap and the content loader, so a page
// exists everywhere or nowhere. Imported by react-router.config.ts at build: no app imports here.

/** How a page is laid out around its Markdown. */
export type ContentTemplate =
  | "page"
  | "index"
  | "service"
  | "crime"
  | "faq"
  | "article"
  | "ideas"
  | "partnership";

export interface ContentPage {
  /** The public path, also the Markdown file's name: /services/takedown → content/services/takedown.md. */
  path: string;
  template: ContentTemplate;
}

export const CONTENT_PAGES: readonly ContentPage[] = [
  { path: "/whoweare", template: "page" },
  { path: "/compensation", template: "page" },
  { path: "/services", template: "index" },
  { path: "/services/feedback", template: "service" },
  { path: "/services/legalization", template: "service" },
  { path: "/services/takedown", template: "service" },
  { path: "/services/formal-notice", template: "service" },
  { path: "/services/difesa", template: "service" },
  { path: "/education", template: "index" },
  { path: "/education/stalking", template: "crime" },
  { path: "/education/cyberbullying", template: "crime" },
  { path: "/education/defamation", template: "crime" },
  { path: "/education/revenge-porn", template: "crime" },
  { path: "/education/hate-speech", template: "crime" },
  { path: "/education/extortion", template: "crime" },
  { path: "/faq", template: "faq" },
  { path: "/privacy", template: "page" },
  { path: "/cookie", template: "page" },
  { path: "/general-condition", template: "page" },
  { path: "/tos", template: "page" },
  { path: "/startup-innovativa", template: "page" },
  { path: "/unabuonaidea", template: "ideas" },
  { path: "/workwithus", template: "partnership" },
  { path: "/blog", template: "index" },
  { path: "/blog/pensiero-critico-nell-era-della-post-verita", template: "article" },
  // The quick exit's explanation and safety advice (not in the spec's table, see ADR 008).
  { path: "/esci-subito", template: "page" },
];

/** The route id of a content page: one route module serves them all. */
export function contentRouteId(path: string): string {
  return `content${path.replaceAll("/", ".")}`;
}

/** The Markdown file of a page, relative to apps/web/content: an index page is its folder's index.md. */
export function contentFile(page: ContentPage): string {
  return page.template === "index" ? `${page.path.slice(1)}/index.md` : `${page.path.slice(1)}.md`;
}

/** Pages listed by an index page: the direct children of its path. */
export function childPages(indexPath: string): ContentPage[] {
  return CONTENT_PAGES.filter(
    (page) => page.path.startsWith(`${indexPath}/`) && !page.path.slice(indexPath.length + 1).includes("/"),
  );
}

import type { MetaDescriptor } from "react-router";
import { config } from "../../config.ts";

interface PageMetaInput {
  /** The page's own title; the brand is appended unless already there. Never put case details here. */
  title: string;
  description: string;
  /** The page's path, for the canonical and Open Graph URLs. */
  path: string;
  /** Keep the page out of search engines (404, private areas). */
  noindex?: boolean;
  /** Open Graph type: an article for blog posts, a website otherwise. */
  type?: "website" | "article";
  /** schema.org objects, each written as a JSON-LD script. */
  structuredData?: readonly object[];
}

/** Title, description, canonical URL and Open Graph tags for a route's `meta` export. */
export function pageMeta({
  title,
  description,
  path,
  noindex = false,
  type = "website",
  structuredData = [],
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title.includes(config.brandName) ? title : `${title} | ${config.brandName}`;
  const url = `${config.siteUrl}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noindex
      ? [{ name: "robots", content: "noindex" }]
      : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: type },
    { property: "og:site_name", content: config.brandName },
    { property: "og:locale", content: "it_IT" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    ...structuredData.map((item) => ({ "script:ld+json": item })),
  ];
}

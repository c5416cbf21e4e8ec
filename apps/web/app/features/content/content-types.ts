import type { ContentTemplate } from "../../content-pages.ts";

export interface FaqEntry {
  question: string;
  /** The answer as plain text (for structured data); the page shows the rendered Markdown. */
  answer: string;
}

export interface ContentChild {
  path: string;
  heading: string;
  summary: string;
  published: string | null;
}

/** A content page's data, built from its Markdown at build time (content.server.ts). */
export interface ContentPageData {
  path: string;
  template: ContentTemplate;
  title: string;
  description: string;
  heading: string;
  summary: string | null;
  /** The catalogue product a service page sells (its price is read live from the catalogue). */
  product: string | null;
  /** ISO dates (YYYY-MM-DD): an article's publication, a legal page's last update. */
  published: string | null;
  updated: string | null;
  author: string | null;
  /** The Markdown body rendered to HTML at build time, from the repository's own files. */
  html: string;
  children: ContentChild[];
  faq: FaqEntry[];
}

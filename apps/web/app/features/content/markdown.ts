import { Marked, type Token, type Tokens } from "marked";
import { config } from "../../config.ts";
import type { ContentPage } from "../../content-pages.ts";
import type { ContentChild, ContentPageData, FaqEntry } from "./content-types.ts";

// Markdown to page data: used at build time by content.server.ts, and in the browser only by the editors'
// preview (loaded on demand, so the renderer never weighs on the public pages).

const REQUIRED_KEYS = ["title", "description", "heading"] as const;

export interface ParsedMarkdown {
  meta: Record<string, string>;
  body: string;
}

/** Splits `---` frontmatter (one `key: value` per line) from the Markdown body. */
export function parseFrontmatter(source: string, file: string): ParsedMarkdown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: frontmatter mancante`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (!line.trim()) continue;
    const separator = line.indexOf(":");
    if (separator < 1) throw new Error(`${file}: riga di frontmatter non valida: ${line}`);
    meta[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  for (const key of REQUIRED_KEYS) {
    if (!meta[key]) throw new Error(`${file}: manca "${key}" nel frontmatter`);
  }
  return { meta, body: source.slice(match[0].length) };
}

const PLACEHOLDERS: Record<string, string> = {
  brandName: config.brandName,
  contactEmail: config.contactEmail,
  supportEmail: config.supportEmail,
  "company.name": config.company.name,
  "company.registeredOffice": config.company.registeredOffice,
  "company.vatNumber": config.company.vatNumber,
};

/**
 * Company data and contacts come from configuration, never from the Markdown
 * (docs/decisions/008-public-site.md).
 */
export function fillPlaceholders(text: string, file: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => {
    const value = PLACEHOLDERS[key];
    if (value === undefined) throw new Error(`${file}: segnaposto sconosciuto {{${key}}}`);
    return value;
  });
}

export function createRenderer(file: string): Marked {
  return new Marked({
    gfm: true,
    walkTokens(token) {
      // The Markdown is ours, but raw HTML would bypass the page's structure and its accessibility checks.
      if (token.type === "html") throw new Error(`${file}: HTML non ammesso nel Markdown`);
      if (token.type === "heading" && token.depth === 1) {
        throw new Error(`${file}: il titolo H1 viene dal frontmatter ("heading"), non dal testo`);
      }
    },
    renderer: {
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : "";
        const external = /^https?:\/\//.test(href);
        // External sites open apart, so a victim does not lose the page; the rel keeps them from it.
        const rel = external ? ` target="_blank" rel="noopener noreferrer"` : "";
        const hint = external ? `<span class="visually-hidden"> (si apre in una nuova scheda)</span>` : "";
        return `<a href="${escapeAttribute(href)}"${titleAttribute}${rel}>${text}${hint}</a>`;
      },
    },
  });
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

function plainText(html: string): string {
  return html
    .replace(/<span class="visually-hidden">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The FAQ's questions (`###` headings) with their answers, for the FAQPage structured data. */
function faqEntries(tokens: Token[], marked: Marked): FaqEntry[] {
  const entries: FaqEntry[] = [];
  let current: { question: string; answer: Token[] } | null = null;
  const flush = () => {
    if (current)
      entries.push({ question: current.question, answer: plainText(marked.parser(current.answer)) });
    current = null;
  };
  for (const token of tokens) {
    if (token.type === "heading") {
      flush();
      const heading = token as Tokens.Heading;
      if (heading.depth === 3) current = { question: heading.text, answer: [] };
    } else if (current) {
      current.answer.push(token);
    }
  }
  flush();
  return entries;
}

/** A page's data from its Markdown source (frontmatter included). */
export function buildPageData(
  page: ContentPage,
  source: string,
  file: string,
  children: readonly ContentChild[] = [],
): ContentPageData {
  const parsed = parseFrontmatter(source, file);
  const meta: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed.meta)) meta[key] = fillPlaceholders(value, file);
  const marked = createRenderer(file);
  const tokens = marked.lexer(fillPlaceholders(parsed.body, file));
  return {
    path: page.path,
    template: page.template,
    title: meta.title ?? "",
    description: meta.description ?? "",
    heading: meta.heading ?? "",
    summary: meta.summary ?? null,
    product: meta.product ?? null,
    published: meta.published ?? null,
    updated: meta.updated ?? null,
    author: meta.author ?? null,
    html: marked.parser(tokens),
    children: [...children],
    faq: page.template === "faq" ? faqEntries(tokens, marked) : [],
  };
}

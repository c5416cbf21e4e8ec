import { PRODUCT_CODES } from "@argine/core/catalogue/product";
import { describe, expect, it } from "vitest";
import { CONTENT_PAGES } from "../../content-pages.ts";
import { PRERENDER_ROUTES } from "../../prerender-routes.ts";
import { loadContentPage } from "./content.server.ts";
import { createRenderer, fillPlaceholders, parseFrontmatter } from "./markdown.ts";

// The Markdown under apps/web/content is checked here as the build reads it: a page missing, a bad
// frontmatter or a broken internal link fails the tests before it can fail the build or a visitor.

/** Paths outside the prerendered site that content may link to (client-rendered account areas). */
const APP_PATHS = ["/account/register", "/account/login", "/dashboard", "/dashboard/profile/info"];

const pages = CONTENT_PAGES.map((page) => ({ page, data: loadContentPage(page.path) }));

describe("content pages", () => {
  it.each(pages)("$page.path has its Markdown with a title, a description and a heading", ({ data }) => {
    expect(data).not.toBeNull();
    expect(data?.title.length).toBeGreaterThan(10);
    expect(data?.title.length).toBeLessThanOrEqual(70);
    expect(data?.description.length).toBeGreaterThanOrEqual(70);
    expect(data?.description.length).toBeLessThanOrEqual(170);
    expect(data?.heading.length).toBeGreaterThan(3);
    expect(data?.html).toContain("<p>");
  });

  it("links only to pages that exist", () => {
    const known = new Set([...PRERENDER_ROUTES, ...APP_PATHS]);
    const broken: string[] = [];
    for (const { page, data } of pages) {
      for (const match of data?.html.matchAll(/href="(\/[^"]*)"/g) ?? []) {
        const target = (match[1] ?? "").split(/[?#]/)[0] || "/";
        if (!known.has(target)) broken.push(`${page.path} → ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("gives every service page a catalogue product and every index page its children", () => {
    for (const { page, data } of pages) {
      if (page.template === "service") expect(PRODUCT_CODES).toContain(data?.product);
      if (page.template === "index") expect(data?.children.length).toBeGreaterThan(0);
    }
  });

  it("promises no defence in court, which the legal defence does not cover (ADR 027)", () => {
    const promises: string[] = [];
    for (const { page, data } of pages) {
      for (const text of [data?.title, data?.description, data?.summary, data?.html]) {
        const match = text?.match(/difes\w* in (tribunale|giudizio|udienza)|ti difendiamo in/i);
        if (match) promises.push(`${page.path}: ${match[0]}`);
      }
    }
    expect(promises).toEqual([]);
  });

  it("answers at least 20 questions in the FAQ, each with an answer", () => {
    const faq = loadContentPage("/faq")?.faq ?? [];
    expect(faq.length).toBeGreaterThanOrEqual(20);
    for (const entry of faq) {
      expect(entry.question.endsWith("?")).toBe(true);
      expect(entry.answer.length).toBeGreaterThan(20);
    }
  });

  it("fills company data from configuration, never from the Markdown", () => {
    const privacy = loadContentPage("/privacy")?.html ?? "";
    expect(privacy).not.toContain("{{");
    expect(privacy).toContain("(dati di esempio)");
  });

  it("opens external links in a new tab and says so", () => {
    const html = createRenderer("test.md").parse(
      "Vedi [il Garante](https://www.garanteprivacy.it).",
    ) as string;
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("si apre in una nuova scheda");
  });

  it("refuses raw HTML, an H1 in the body, a bad frontmatter and an unknown placeholder", () => {
    expect(() => createRenderer("a.md").parse("Testo <script>x</script>")).toThrow("HTML non ammesso");
    expect(() => createRenderer("a.md").parse("# Titolo")).toThrow("H1");
    expect(() => parseFrontmatter("senza frontmatter", "a.md")).toThrow("frontmatter mancante");
    expect(() => parseFrontmatter("---\ntitle: T\n---\n", "a.md")).toThrow('manca "description"');
    expect(() => fillPlaceholders("{{segreto}}", "a.md")).toThrow("segnaposto sconosciuto");
  });

  it("returns null for a path with no Markdown page", () => {
    expect(loadContentPage("/nessuna-pagina")).toBeNull();
    expect(loadContentPage("/faq/")?.path).toBe("/faq");
  });
});

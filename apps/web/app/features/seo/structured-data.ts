import { config } from "../../config.ts";
import type { ContentPageData } from "../content/public.ts";

// schema.org descriptions for search engines (JSON-LD), from configuration and the pages' own data.

const CONTEXT = "https://schema.org";

/** The company as a legal service: on the home page and "Chi siamo". */
export function legalServiceData(): object {
  return {
    "@context": CONTEXT,
    "@type": "LegalService",
    name: config.brandName,
    legalName: config.company.name,
    url: `${config.siteUrl}/`,
    email: config.contactEmail,
    description:
      "Assistenza legale e tecnica per le vittime di abusi online: stalking, diffamazione, revenge porn, estorsione, cyberbullismo e odio in rete.",
    areaServed: { "@type": "Country", name: "Italia" },
    availableLanguage: "it",
    address: {
      "@type": "PostalAddress",
      streetAddress: config.company.registeredOffice,
      addressCountry: "IT",
    },
    sameAs: config.social.map((social) => social.url),
  };
}

export function faqPageData(page: ContentPageData): object {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: page.faq.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

export function articleData(page: ContentPageData): object {
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: page.heading,
    description: page.description,
    inLanguage: "it-IT",
    ...(page.published
      ? { datePublished: page.published, dateModified: page.updated ?? page.published }
      : {}),
    author: { "@type": "Organization", name: page.author ?? config.brandName },
    publisher: { "@type": "Organization", name: config.brandName, url: `${config.siteUrl}/` },
    mainEntityOfPage: `${config.siteUrl}${page.path}`,
  };
}

/** The structured data a content page carries, by its template. */
export function contentStructuredData(page: ContentPageData): object[] {
  if (page.template === "faq") return [faqPageData(page)];
  if (page.template === "article") return [articleData(page)];
  if (page.path === "/whoweare") return [legalServiceData()];
  return [];
}

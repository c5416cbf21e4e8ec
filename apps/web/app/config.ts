import { COMPANY_CAPITAL_EUR } from "@argine/core/shared/constants";

// Build-time configuration of the web app. Vite inlines `import.meta.env.VITE_*` when it builds, so these
// values end up in the static pages; nothing secret belongs here.
//
// EVERY DEFAULT BELOW IS A FICTITIOUS EXAMPLE (reserved `.example` domains, placeholder company data).
// A real deployment sets the VITE_* variables; the footer must never show another company's real data.

function read(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function readNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value?.trim().replace(",", "."));
  return value?.trim() && Number.isFinite(parsed) ? parsed : fallback;
}

const env = import.meta.env;

export interface SocialLink {
  label: string;
  url: string;
}

export interface CompanyData {
  name: string;
  registeredOffice: string;
  vatNumber: string;
  rea: string;
  legalRepresentative: string;
  /** Paid-in capital in euros (spec §1: 13,500 EUR). */
  capital: number;
}

export interface AppConfig {
  brandName: string;
  /** Base URL of the JSON API; empty means the same origin as the page (the default deployment). */
  apiBaseUrl: string;
  /** Public absolute URL of the site, used for canonical and Open Graph URLs. */
  siteUrl: string;
  blogUrl: string;
  crowdfundingUrl: string;
  contactEmail: string;
  supportEmail: string;
  social: readonly SocialLink[];
  company: CompanyData;
}

export const config: AppConfig = {
  brandName: read(env.VITE_BRAND_NAME, "Argine"),
  apiBaseUrl: read(env.VITE_API_BASE_URL, "").replace(/\/+$/, ""),
  siteUrl: read(env.VITE_SITE_URL, "https://argine.example").replace(/\/+$/, ""),
  blogUrl: read(env.VITE_BLOG_URL, "https://blog.argine.example/"),
  crowdfundingUrl: read(env.VITE_CROWDFUNDING_URL, "https://crowdfunding.argine.example/"),
  contactEmail: read(env.VITE_CONTACT_EMAIL, "info@argine.example"),
  supportEmail: read(env.VITE_SUPPORT_EMAIL, "assistenza@argine.example"),
  social: [
    { label: "Instagram", url: read(env.VITE_SOCIAL_INSTAGRAM_URL, "https://instagram.example/argine") },
    { label: "Facebook", url: read(env.VITE_SOCIAL_FACEBOOK_URL, "https://facebook.example/argine") },
    { label: "LinkedIn", url: read(env.VITE_SOCIAL_LINKEDIN_URL, "https://linkedin.example/company/argine") },
  ],
  company: {
    name: read(env.VITE_COMPANY_NAME, "Argine S.r.l. (dati di esempio)"),
    registeredOffice: read(env.VITE_COMPANY_REGISTERED_OFFICE, "Via Esempio 1, 00100 Roma (esempio)"),
    vatNumber: read(env.VITE_COMPANY_VAT_NUMBER, "01234567897 (esempio)"),
    rea: read(env.VITE_COMPANY_REA, "RM - 1234567 (esempio)"),
    legalRepresentative: read(env.VITE_COMPANY_LEGAL_REPRESENTATIVE, "Mario Rossi (esempio)"),
    capital: readNumber(env.VITE_COMPANY_CAPITAL, COMPANY_CAPITAL_EUR),
  },
};

import type { RoleList } from "@argine/core/identity/roles";
import { buysServices } from "@argine/core/orders/policy";
import { config } from "../../config.ts";

// Site navigation (spec §2): the header's main menu and the footer's links, kept as data so the header, the
// footer and their tests read the same list.

export interface NavLink {
  label: string;
  /** An internal path, or an absolute URL / mailto: for `external` links. */
  to: string;
  external?: boolean;
}

export const QUESTIONNAIRE_PATH = "/feedback";
export const PRIVACY_PATH = "/privacy";

// Account and dashboard paths (spec §2 "Account routes", "Dashboard").
export const ACCOUNT_PATH = "/account";
export const LOGIN_PATH = "/account/login";
export const REGISTER_PATH = "/account/register";
export const RESET_PATH = "/account/reset";
export const VERIFY_PATH = "/account/verify";
export const LOGOUT_PATH = "/logout";
export const DASHBOARD_PATH = "/dashboard";
export const PROFILE_INFO_PATH = "/dashboard/profile/info";
export const PROFILE_INVOICE_PATH = "/dashboard/profile/invoice";
/** One's own data: "Scarica i miei dati" (ADR 037), linked from the profile's page, not a menu entry. */
export const PROFILE_DATA_PATH = "/dashboard/profile/data";
export const PRACTICES_PATH = "/dashboard/practices";
export const ORDERS_PATH = "/dashboard/orders";
/** The staff's queue of paid services waiting for work (ADR 020). */
export const SERVICE_QUEUE_PATH = "/dashboard/services";
/** The free consultation: the public booking page and the staff's agenda (ADR 031). */
export const CONSULTATION_PATH = "/consulenza";
export const CONSULTATION_AGENDA_PATH = "/dashboard/consultations";
/** A link to this fragment, on any page, opens the support chat's window (the launcher's id too). */
export const SUPPORT_CHAT_HASH = "#scrivi-al-team";
/** The staff's inbox of the support chat (ADR 030). */
export const SUPPORT_INBOX_PATH = "/dashboard/support";
export const MAILBOX_PATH = "/dev/mailbox";

// The diary of the episodes (issue 40): the client's own, under her area.
export const DIARY_PATH = "/dashboard/diary";
/** A new episode; `?practiceId=` puts it in a practice, `?condiviso=1` picks up what the phone shared. */
export const DIARY_NEW_PATH = "/dashboard/diary/nuovo";
/** "Come presentare la querela"; `?practiceId=` adds that practice's terms. */
export const DIARY_GUIDE_PATH = "/dashboard/diary/querela";
/**
 * The Web Share Target's action (public/manifest-it.webmanifest): the service worker takes the POST, keeps
 * the files and answers 303 to DIARY_NEW_PATH?condiviso=1 (scripts/service-worker.js).
 */
export const DIARY_SHARE_TARGET_PATH = "/dashboard/diary/condividi";
export const diaryEntryPath = (entryId: string) => `${DIARY_PATH}/${encodeURIComponent(entryId)}`;

/**
 * Links handed from one screen to another in the navigation's state, never in the address (an address stays
 * in the browser's history): the diary gives an episode's links to the takedown's form and the page to the
 * capture's. Read with `prefilledUrls`.
 */
export interface PrefilledUrlsState {
  prefilledUrls: string[];
}

/** The links a navigation's state hands over (PrefilledUrlsState), or none. */
export function prefilledUrls(state: unknown): string[] {
  if (typeof state !== "object" || state === null) return [];
  const urls = (state as { prefilledUrls?: unknown }).prefilledUrls;
  return Array.isArray(urls)
    ? urls.filter((url): url is string => typeof url === "string" && url !== "")
    : [];
}

/**
 * The account menu of a signed-in client (spec §2): exactly five entries in this order, logout fifth.
 */
export const ACCOUNT_MENU: readonly NavLink[] = [
  { label: "I tuoi dati", to: PROFILE_INFO_PATH },
  { label: "Le tue pratiche", to: PRACTICES_PATH },
  { label: "Dati di fatturazione", to: PROFILE_INVOICE_PATH },
  { label: "I tuoi ordini", to: ORDERS_PATH },
  { label: "Esci", to: LOGOUT_PATH },
];

/**
 * The account menu for these roles: the client's five entries; staff, who buy nothing (core's
 * buysServices), without orders and billing data, and with every practice rather than their own.
 */
export function accountMenu(roles: RoleList): readonly NavLink[] {
  if (buysServices(roles)) return ACCOUNT_MENU;
  return [
    { label: "I tuoi dati", to: PROFILE_INFO_PATH },
    { label: "Tutte le pratiche", to: PRACTICES_PATH },
    { label: "Esci", to: LOGOUT_PATH },
  ];
}

export const MAIN_MENU: readonly NavLink[] = [
  { label: "Servizi", to: "/services" },
  { label: "Reati", to: "/education" },
  { label: "Chi siamo", to: "/whoweare" },
  { label: "Risarcimento", to: "/compensation" },
  { label: "FAQ", to: "/faq" },
  { label: "Blog", to: config.blogUrl, external: true },
];

export interface FooterColumn {
  title: string;
  links: readonly NavLink[];
}

// "Aiuto" points at the urgent-help box of the home page and "Metodologia" at the questionnaire's service
// page: the spec names these links without giving them a path.
/** The footer column that also holds the "Preferenze cookie" button. */
export const LEGAL_COLUMN_TITLE = "Note legali";

export const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: "Aiuto",
    links: [
      { label: "Aiuto immediato", to: "/#aiuto-urgente" },
      { label: "FAQ", to: "/faq" },
      { label: "Reati", to: "/education" },
      { label: "Metodologia", to: "/services/feedback" },
      { label: "Blog", to: "/blog" },
      { label: "Uscita rapida e sicurezza", to: "/esci-subito" },
    ],
  },
  {
    title: "Argine",
    links: [
      { label: "Chi siamo", to: "/whoweare" },
      { label: "Startup innovativa", to: "/startup-innovativa" },
      { label: "Lavora con noi", to: "/workwithus" },
      { label: "Una buona idea", to: "/unabuonaidea" },
      { label: "Crowdfunding", to: config.crowdfundingUrl, external: true },
      { label: "Contattaci", to: `mailto:${config.contactEmail}`, external: true },
    ],
  },
  {
    title: LEGAL_COLUMN_TITLE,
    links: [
      { label: "Privacy policy", to: "/privacy" },
      { label: "Cookie policy", to: "/cookie" },
      { label: "Condizioni generali di vendita", to: "/general-condition" },
      { label: "Termini di servizio", to: "/tos" },
    ],
  },
];

export const CARD_BRANDS = ["Visa", "Mastercard", "Maestro", "American Express"] as const;

import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { CONTENT_PAGES, contentRouteId } from "./content-pages.ts";

// Public pages listed here must also be added to app/prerender-routes.ts to get their static HTML.
export default [
  index("routes/home.tsx"),
  route("feedback", "routes/feedback.tsx"),
  // The free consultation (ADR 031): the booking page is prerendered; the mail link's page is client-only.
  route("consulenza", "routes/consulenza.tsx"),
  route("consulenza/gestisci", "routes/consulenza-gestisci.tsx"),
  // The Markdown pages (app/content-pages.ts): one module renders them all from build-time data.
  ...CONTENT_PAGES.map((page) =>
    route(page.path.slice(1), "routes/content-page.tsx", { id: contentRouteId(page.path) }),
  ),
  // Files for search engines, written at build by resource routes.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // The account area is client-only (not prerendered): served from __spa-fallback.html.
  route("account", "routes/account.tsx"),
  route("account/login", "routes/account-login.tsx"),
  route("account/register", "routes/account-register.tsx"),
  route("account/verify", "routes/account-verify.tsx"),
  route("account/reset", "routes/account-reset.tsx"),
  route("account/unlock", "routes/account-unlock.tsx"),
  route("callback", "routes/callback.tsx"),
  route("logout", "routes/logout.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  // The demo outbox (the API answers 404 outside demo mode; the page says so).
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  // Every path under /dashboard needs sign-in; sections not built yet say so inside the dashboard.
  route("dashboard", "routes/dashboard.tsx", [
    index("routes/dashboard-home.tsx"),
    route("profile/info", "routes/dashboard-profile-info.tsx"),
    route("profile/invoice", "routes/dashboard-profile-invoice.tsx"),
    route("profile/data", "routes/dashboard-profile-data.tsx"),
    route("practices", "routes/dashboard-practices.tsx"),
    route("orders", "routes/dashboard-orders.tsx"),
    // The client's diary of the episodes (issue 40): the list, a new episode (the phone's «Condividi» lands
    // there too), the complaint guide, an episode.
    route("diary", "routes/dashboard-diary.tsx"),
    route("diary/nuovo", "routes/dashboard-diary-new.tsx"),
    route("diary/querela", "routes/dashboard-diary-guide.tsx"),
    route("diary/:id", "routes/dashboard-diary-entry.tsx"),
    // The staff's queue of paid services (ADR 020).
    route("services", "routes/dashboard-services.tsx"),
    // The support chat's inbox (ADR 030).
    route("support", "routes/dashboard-support.tsx"),
    // The staff's agenda of free consultations and the team's hours (ADR 031).
    route("consultations", "routes/dashboard-consultations.tsx"),
    // The per-case area {base}/{ticketCode}/… (spec §2): the ticket code is the fourth path segment.
    route("practices/case/:ticketCode", "routes/dashboard-case.tsx", [
      index("routes/dashboard-case-home.tsx"),
      route("service/takedown/success", "routes/dashboard-case-takedown-success.tsx"),
      route("service/legalization/success", "routes/dashboard-case-legalization-success.tsx"),
      // The shop (ADR 014): the cart and purchase summary with the payment, then its two outcomes.
      route("add-services", "routes/dashboard-case-checkout.tsx"),
      route("add-services/payment/success", "routes/dashboard-case-payment-success.tsx"),
      route("add-services/payment/error", "routes/dashboard-case-payment-error.tsx"),
    ]),
    // The admin workspace: users and roles, then the catalogue's four sections, and the rest.
    route("admin", "routes/dashboard-admin.tsx", [
      index("routes/dashboard-admin-users.tsx"),
      route("products", "routes/dashboard-admin-products.tsx"),
      route("campaigns", "routes/dashboard-admin-campaigns.tsx"),
      route("vouchers", "routes/dashboard-admin-vouchers.tsx"),
      route("gift-cards", "routes/dashboard-admin-gift-cards.tsx"),
      route("accounts", "routes/dashboard-admin-accounts.tsx"),
      route("requests", "routes/dashboard-admin-requests.tsx"),
      route("preview", "routes/dashboard-admin-preview.tsx"),
      route("dead-letters", "routes/dashboard-admin-dead-letters.tsx"),
      route("audit", "routes/dashboard-admin-audit.tsx"),
    ]),
    route("*", "routes/dashboard-unavailable.tsx"),
  ]),
  // /404 is prerendered through this splat route, so the page the server answers for any unknown path
  // hydrates against the same route it was rendered with.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
